/**
 * The site's texts through the real server and database (decision 064): a page's texts
 * read (packaged until saved), saved and published at once on its pages (a course's on its page
 * and its programme's list), refused with a pt-BR message when unsafe or too long, refused 409
 * when someone saved meanwhile, its history with 'Restaurar esta versão' (a new revision), each
 * in the staff record, and a preview with draft texts that publishes nothing; on PostgreSQL, a
 * second instance on the same database serves a save made on the first within seconds.
 */
import { randomUUID } from 'node:crypto';
import { centre, getProgramme } from '@centro/content';
import type { StaffContentHistory, StaffTextsResponse } from '@centro/contracts';
import { markdownOfParagraphs } from '@centro/contracts/rich-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../../../tests/support/postgres.js';
import { seedPeople } from '../../../../tests/support/server-process.js';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../../../../tests/support/web-root.js';

const pgDatabase = await createPostgresTestDatabase('staff_texts');
afterAll(async () => {
  await pgDatabase?.drop();
});
const targets = [
  { dialect: 'sqlite', databaseUrl: undefined },
  ...(pgDatabase ? [{ dialect: 'postgres', databaseUrl: pgDatabase.url }] : []),
];

const TEXTS = '/api/staff/content/texts';
const ADMIN = randomUUID();
const course = getProgramme('escola-de-mediuns').courses[1];
if (!course) throw new Error('no course');
const COURSE = `/escola-de-mediuns/${course.slug}`;

const courseTexts = (description: string) => ({
  welcome: 'Boas-vindas à turma!',
  summary: 'Um resumo novo, com mais de quarenta caracteres, para os cartões.',
  description,
  cycle: 'O ciclo em *itálico*.',
});

describe.each(targets)('the site texts on $dialect', ({ dialect, databaseUrl }) => {
  let fixture: FixtureWebRoot;
  let api: TestApi;
  let comunicacao: string;
  let secretaria: string;

  const as = (person: string, method: 'GET' | 'PUT' | 'POST', url: string, body?: object) =>
    api.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${api.tokenFor(person)}` },
      ...(body === undefined ? {} : { payload: body }),
    });
  const page = async (url: string) => (await api.app.inject({ method: 'GET', url })).body;

  beforeAll(async () => {
    fixture = await createFixtureWebRoot({ renderer: true });
    api = await createTestApi({
      databaseUrl,
      fixture,
      env: { ADMIN_EMAILS: `${ADMIN}@example.org` },
    });
    await seedPeople(api.app.database.db, [ADMIN]);
    [comunicacao, secretaria] = (await api.createPeople(2)) as [string, string];
    for (const [person, role] of [
      [comunicacao, 'comunicacao'],
      [secretaria, 'secretaria'],
    ] as const) {
      const granted = await as(ADMIN, 'POST', '/api/staff/roles/grant', {
        email: `${person}@example.org`,
        role,
      });
      expect(granted.statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await api.close();
    await fixture.cleanup();
  });

  it('reads the packaged texts until a page is saved, for the content roles only', async () => {
    const home = await as(comunicacao, 'GET', `${TEXTS}?document=home`);
    expect(home.json()).toEqual({
      revision: 0,
      savedAt: null,
      savedBy: null,
      document: 'home',
      texts: { introduction: markdownOfParagraphs(centre.introduction) },
    });
    const texts = (await as(ADMIN, 'GET', `${TEXTS}?document=${COURSE}`)).json().texts;
    expect(texts.welcome).toBe(`Seja bem-vindo(a) ao curso ${course.title}!`);
    expect(texts.summary).toBe(course.summary);
    expect((await as(secretaria, 'GET', `${TEXTS}?document=home`)).statusCode).toBe(403);
    const unknown = await as(comunicacao, 'GET', `${TEXTS}?document=/x/y`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Página ou versão não encontrada.');
  });

  it('refuses unsafe, long or mismatched texts with a pt-BR message, saving nothing', async () => {
    const cases: [object, string][] = [
      [
        { document: COURSE, revision: 0, texts: courseTexts('[Veja](javascript:alert(1))') },
        'Descrição: o link javascript:alert(1) não é permitido; use https:, mailto:, tel: ou uma página do site (/...).',
      ],
      [
        { document: 'about', revision: 0, texts: { text: 'a'.repeat(6001) } },
        'Texto: no máximo 6000 caracteres.',
      ],
      [
        { document: COURSE, revision: 0, texts: { ...courseTexts('Ok.'), summary: 'Curto.' } },
        'Resumo: ao menos 40 caracteres.',
      ],
      [
        { document: COURSE, revision: 0, texts: { introduction: 'Olá.' } },
        'Textos incompletos para esta página.',
      ],
      [{ document: '/x/y', revision: 0, texts: { text: 'Olá.' } }, 'Página desconhecida.'],
    ];
    for (const [body, message] of cases) {
      const answer = await as(comunicacao, 'PUT', TEXTS, body);
      expect(answer.statusCode, message).toBe(400);
      expect(answer.json(), message).toMatchObject({ error: 'invalid_request', message });
    }
    expect((await as(comunicacao, 'GET', `${TEXTS}?document=${COURSE}`)).json().revision).toBe(0);
  });

  it('previews a page with draft texts, publishing and saving nothing', async () => {
    const draft = { introduction: 'Rascunho da *apresentação*.' };
    const preview = await as(comunicacao, 'POST', '/api/staff/content/preview', {
      document: 'home',
      texts: draft,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().html).toContain('Rascunho da *apresentação*.');
    expect(await page('/')).toContain(fixture.markerOf('/'));
    expect((await as(comunicacao, 'GET', `${TEXTS}?document=home`)).json().revision).toBe(0);
    const unsafe = await as(comunicacao, 'POST', '/api/staff/content/preview', {
      document: 'home',
      texts: { introduction: '[x](javascript:alert(1))' },
    });
    expect(unsafe.statusCode).toBe(400);
    const bySecretaria = await as(secretaria, 'POST', '/api/staff/content/preview', {
      document: 'home',
      texts: draft,
    });
    expect(bySecretaria.statusCode).toBe(403);
  });

  it('publishes a course’s texts on its page and its programme’s list at once', async () => {
    expect(await page(COURSE)).toContain(fixture.markerOf(COURSE));
    const saved = await as(comunicacao, 'PUT', TEXTS, {
      document: COURSE,
      revision: 0,
      texts: courseTexts('Primeira **versão**.'),
    });
    expect(saved.statusCode).toBe(200);
    const body = saved.json<StaffTextsResponse>();
    expect(body).toMatchObject({ document: COURSE, revision: 1, savedBy: expect.any(String) });
    const coursePage = await page(COURSE);
    expect(coursePage).not.toContain(fixture.markerOf(COURSE));
    expect(coursePage).toContain('Primeira **versão**.');
    // The programme's list shows the course's summary: rendered again too.
    expect(await page('/escola-de-mediuns')).not.toContain(fixture.markerOf('/escola-de-mediuns'));
    expect(await page('/global-kardec')).toContain(fixture.markerOf('/global-kardec'));
    expect(await page('/')).toContain(fixture.markerOf('/'));
    const sitemap = await page('/sitemap.xml');
    expect(sitemap).toContain(`${COURSE}</loc><lastmod>${body.savedAt}</lastmod></url>`);
  });

  it('refuses a save from an older revision, keeping the newer text', async () => {
    const stale = await as(ADMIN, 'PUT', TEXTS, {
      document: COURSE,
      revision: 0,
      texts: courseTexts('Outra pessoa.'),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Outra pessoa alterou esta página enquanto você editava.');
    expect(await page(COURSE)).toContain('Primeira **versão**.');
  });

  it('lists the revisions and restores one as a new revision, in the staff record', async () => {
    const second = await as(ADMIN, 'PUT', TEXTS, {
      document: COURSE,
      revision: 1,
      texts: courseTexts('Segunda versão.'),
    });
    expect(second.statusCode).toBe(200);
    const history = (
      await as(comunicacao, 'GET', `/api/staff/content/history?document=${COURSE}`)
    ).json<StaffContentHistory>();
    const description = (texts: object) => (texts as { description?: string }).description;
    expect(history.revisions.map((r) => [r.revision, description(r.texts)])).toEqual([
      [2, 'Segunda versão.'],
      [1, 'Primeira **versão**.'],
      [0, expect.stringContaining(course.description[0]?.slice(0, 40) ?? '-')],
    ]);
    expect(history.revisions[2]).toMatchObject({ savedAt: null, savedBy: null });

    const stale = await as(comunicacao, 'POST', '/api/staff/content/restore', {
      document: COURSE,
      revision: 1,
      restore: 1,
    });
    expect(stale.statusCode).toBe(409);
    const missing = await as(comunicacao, 'POST', '/api/staff/content/restore', {
      document: COURSE,
      revision: 2,
      restore: 7,
    });
    expect(missing.statusCode).toBe(404);
    const restored = await as(comunicacao, 'POST', '/api/staff/content/restore', {
      document: COURSE,
      revision: 2,
      restore: 1,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      revision: 3,
      texts: { description: 'Primeira **versão**.' },
    });
    expect(await page(COURSE)).toContain('Primeira **versão**.');
    const original = await as(comunicacao, 'POST', '/api/staff/content/restore', {
      document: COURSE,
      revision: 3,
      restore: 0,
    });
    expect(original.json()).toMatchObject({
      revision: 4,
      texts: { welcome: `Seja bem-vindo(a) ao curso ${course.title}!` },
    });

    const actions = (await as(ADMIN, 'GET', '/api/staff/actions?action=content.save')).json()
      .actions as { details: Record<string, unknown> }[];
    expect(actions.map((a) => a.details)).toEqual([
      { document: COURSE, revision: 4, restoredFrom: 0 },
      { document: COURSE, revision: 3, restoredFrom: 1 },
      { document: COURSE, revision: 2 },
      { document: COURSE, revision: 1 },
    ]);
  });

  it.runIf(dialect === 'postgres')(
    'shows texts saved on one instance on the other within seconds',
    async () => {
      const other = await createTestApi({ databaseUrl, fixture });
      try {
        const before = (await other.app.inject({ method: 'GET', url: '/' })).body;
        expect(before).toContain(fixture.markerOf('/'));
        const saved = await as(comunicacao, 'PUT', TEXTS, {
          document: 'home',
          revision: 0,
          texts: { introduction: 'Uma apresentação salva na *outra* instância.' },
        });
        expect(saved.statusCode).toBe(200);
        await expect
          .poll(async () => (await other.app.inject({ method: 'GET', url: '/' })).body, {
            timeout: 6000,
            interval: 250,
          })
          .toContain('Uma apresentação salva na *outra* instância.');
        const read = await other.app.inject({
          method: 'GET',
          url: `${TEXTS}?document=home`,
          headers: { authorization: `Bearer ${api.tokenFor(comunicacao)}` },
        });
        expect(read.json()).toMatchObject({ revision: 1 });
      } finally {
        await other.app.close();
      }
    },
    20_000,
  );
});
