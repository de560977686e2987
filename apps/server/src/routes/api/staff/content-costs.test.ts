/**
 * What content saves cost, through the real server and database (decision 083): a save that
 * changes nothing makes no revision and renders nothing; saves close together render each page
 * once; saves and previews are limited per staff member (429, a pt-BR message, Retry-After); each
 * document keeps its latest 50 revisions, and the photos no kept revision shows go, as the save's
 * line in the staff record says.
 */
import { randomUUID } from 'node:crypto';
import {
  allCourses,
  coursePath,
  schedule as packagedSchedule,
  programmePath,
} from '@centro/content';
import type { StaffPhotosResponse } from '@centro/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { photoStore } from '../../../content/photos-store.js';
import { contentStore } from '../../../content/store.js';
import { courseSettings } from '../../../../tests/support/course-settings.js';
import { createPostgresTestDatabase } from '../../../../tests/support/postgres.js';
import { seedPeople } from '../../../../tests/support/server-process.js';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';
import { createFixtureWebRoot, type FixtureWebRoot } from '../../../../tests/support/web-root.js';

const pgDatabase = await createPostgresTestDatabase('content_costs');
afterAll(async () => {
  await pgDatabase?.drop();
});
const targets = [
  { dialect: 'sqlite', databaseUrl: undefined },
  ...(pgDatabase ? [{ dialect: 'postgres', databaseUrl: pgDatabase.url }] : []),
];

const ADMIN = randomUUID();
/** The pages the fixture's renderer rendered, in order (tests/support/web-root.ts). */
const renders: string[] = ((globalThis as { __centroRenders?: string[] }).__centroRenders = []);

describe.each(targets)('what content saves cost on $dialect', ({ databaseUrl }) => {
  let fixture: FixtureWebRoot;
  let api: TestApi;
  let comunicacao: string;

  const as = (person: string, method: 'GET' | 'PUT' | 'POST', url: string, body?: object) =>
    api.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${api.tokenFor(person)}` },
      ...(body === undefined ? {} : { payload: body }),
    });

  beforeAll(async () => {
    fixture = await createFixtureWebRoot({ renderer: true });
    api = await createTestApi({
      databaseUrl,
      fixture,
      env: { ADMIN_EMAILS: `${ADMIN}@example.org` },
      // Wide enough that two saves sent together share a batch on a busy machine.
      renderWindowMs: 2000,
    });
    await seedPeople(api.app.database.db, [ADMIN]);
    [comunicacao] = (await api.createPeople(1)) as [string];
    const granted = await as(ADMIN, 'POST', '/api/staff/roles/grant', {
      email: `${comunicacao}@example.org`,
      role: 'comunicacao',
    });
    expect(granted.statusCode).toBe(200);
  });
  afterAll(async () => {
    await api.close();
    await fixture.cleanup();
  });
  beforeEach(() => {
    renders.length = 0;
  });

  it('ignores a save that changes nothing: no revision, no render, nothing recorded', async () => {
    const contact = (await as(comunicacao, 'GET', '/api/staff/content/contact')).json();
    const same = await as(comunicacao, 'PUT', '/api/staff/content/contact', {
      revision: contact.revision,
      contact: contact.contact,
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().revision).toBe(contact.revision);
    const schedule = await as(comunicacao, 'PUT', '/api/staff/content/schedule', {
      revision: 0,
      schedule: packagedSchedule,
    });
    expect(schedule.json().revision).toBe(0);
    expect(renders).toEqual([]);
    const history = (await as(comunicacao, 'GET', '/api/staff/content/contact/history')).json();
    expect(history.revisions.map((r: { revision: number }) => r.revision)).toEqual([0]);
    const record = (await as(ADMIN, 'GET', '/api/staff/actions?action=content.save')).json();
    expect(record.actions).toEqual([]);
  });

  it('renders a page once for saves that arrive together', async () => {
    const contact = (await as(comunicacao, 'GET', '/api/staff/content/contact')).json();
    const home = (await as(comunicacao, 'GET', '/api/staff/content/texts?document=home')).json();
    const [contactSaved, homeSaved] = await Promise.all([
      as(comunicacao, 'PUT', '/api/staff/content/contact', {
        revision: contact.revision,
        contact: { ...contact.contact, whatsapp: '(11) 99876-5432' },
      }),
      as(ADMIN, 'PUT', '/api/staff/content/texts', {
        document: 'home',
        revision: home.revision,
        texts: { introduction: 'Uma nova **apresentação** do centro.' },
      }),
    ]);
    expect([contactSaved.statusCode, homeSaved.statusCode]).toEqual([200, 200]);
    // Both saved and published when they answer, each page rendered once with both.
    expect(renders.filter((path) => path === '/')).toEqual(['/']);
    expect(new Set(renders).size).toBe(renders.length);
    const page = (await api.app.inject({ method: 'GET', url: '/' })).body;
    expect(page).toContain('apresentação');
  });

  it("renders again the pages that say when a course meets once its class's meetings change, and only them", async () => {
    const [course] = allCourses();
    if (!course) throw new Error('no course');
    const saved = await as(
      ADMIN,
      'POST',
      `/api/staff/courses/${course.slug}/settings`,
      courseSettings({ time: '19:00', room: 'Salão Bezerra de Menezes' }),
    );
    expect(saved.statusCode).toBe(200);
    // Each instance looks at the classes every 2 s (decision 075).
    const pages = [coursePath(course), programmePath(course.programme), '/horarios'];
    await expect
      .poll(() => pages.every((path) => renders.includes(path)), { timeout: 15_000 })
      .toBe(true);
    expect([...renders].sort()).toEqual([...pages].sort());
    expect((await api.app.inject({ url: coursePath(course) })).body).toContain(
      'Salão Bezerra de Menezes',
    );
  });

  it('limits the saves and previews of each staff member, saying when to try again', async () => {
    const person = (await api.createPeople(1))[0] as string;
    await as(ADMIN, 'POST', '/api/staff/roles/grant', {
      email: `${person}@example.org`,
      role: 'comunicacao',
    });
    const schedule = (await as(person, 'GET', '/api/staff/content/schedule')).json();
    const save = () =>
      as(person, 'PUT', '/api/staff/content/schedule', {
        revision: schedule.revision,
        schedule: schedule.schedule,
      });
    for (let i = 0; i < 30; i++) expect((await save()).statusCode).toBe(200);
    const refused = await save();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Muitas alterações do conteúdo em pouco tempo\. Aguarde \d+ segundos e tente novamente\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else still saves.
    expect((await as(comunicacao, 'GET', '/api/staff/content/schedule')).statusCode).toBe(200);

    const home = (await as(person, 'GET', '/api/staff/content/texts?document=home')).json();
    const preview = () =>
      as(person, 'POST', '/api/staff/content/preview', { document: 'home', texts: home.texts });
    for (let i = 0; i < 60; i++) expect((await preview()).statusCode).toBe(200);
    const tooMany = await preview();
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toMatch(
      /^Muitas pré-visualizações em pouco tempo\. Aguarde \d+ segundos e tente novamente\.$/,
    );
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps the latest 50 revisions of each document and the photos they show', async () => {
    const store = contentStore(api.app.database);
    const photos = photoStore(api.app.database);
    const longAgo = new Date(Date.now() - 3 * 3600_000).toISOString();
    const photo = (id: string, createdAt: string) =>
      photos.insert(
        {
          id,
          width: 1200,
          height: 500,
          files: { avif: Buffer.from('a'), webp: Buffer.from('w'), jpeg: Buffer.from('j') },
        },
        createdAt,
      );
    // Only revision 1 shows `first`; every later one shows `kept`; nothing shows `orphan`, and
    // `fresh` was stored a moment ago (an upload about to save its revision).
    const [first, kept, orphan, fresh] = ['a', 'b', 'c', 'd'].map((c) => c.repeat(20)) as [
      string,
      string,
      string,
      string,
    ];
    for (const [id, at] of [
      [first, longAgo],
      [kept, longAgo],
      [orphan, longAgo],
      [fresh, new Date().toISOString()],
    ] as const) {
      await photo(id, at);
    }
    for (let revision = 1; revision <= 50; revision++) {
      const id = revision === 1 ? first : kept;
      await store.insert({
        document: 'photos',
        revision,
        body: JSON.stringify({ banner: { id, alt: 'Banner', width: 1200, height: 500 } }),
        authorId: ADMIN,
        authorName: 'Coordenação',
        createdAt: longAgo,
      });
      await store.insert({
        document: 'notices',
        revision,
        body: '[]',
        authorId: ADMIN,
        authorName: 'Coordenação',
        createdAt: longAgo,
      });
    }
    await api.app.content.refresh();

    const image = await sharp({
      create: { width: 900, height: 600, channels: 3, background: '#447755' },
    })
      .jpeg()
      .toBuffer();
    const uploaded = await as(comunicacao, 'PUT', '/api/staff/content/photos', {
      revision: 50,
      slot: 'carousel-1',
      alt: 'Jardim',
      image: image.toString('base64'),
    });
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json<StaffPhotosResponse>().revision).toBe(51);
    const served = async (id: string) =>
      (await api.app.inject({ method: 'GET', url: `/fotos/${id}`, headers: { accept: '*/*' } }))
        .statusCode;
    expect({
      first: await served(first),
      kept: await served(kept),
      orphan: await served(orphan),
      fresh: await served(fresh),
    }).toEqual({ first: 404, kept: 200, orphan: 404, fresh: 200 });
    expect((await store.history('photos', 100)).map((r) => r.revision)).toEqual(
      Array.from({ length: 50 }, (_, i) => 51 - i),
    );
    // Another document keeps its own 50 until it is saved.
    expect(await store.history('notices', 100)).toHaveLength(50);
    const actions = (await as(ADMIN, 'GET', '/api/staff/actions?action=content.save')).json()
      .actions as { details: { document?: string; pruned?: unknown } }[];
    const line = actions.find((a) => a.details.document === 'photos');
    expect(line?.details.pruned).toEqual({
      revisionsBelow: 2,
      revisions: 1,
      photos: expect.arrayContaining([first, orphan]),
    });
  }, 60_000);
});
