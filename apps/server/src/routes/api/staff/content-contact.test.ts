/**
 * The contact details through the real server, database and web build (decision 068):
 * read (packaged until saved) by the content roles only; refused with a pt-BR message naming the
 * field; saved and published at once on /contato, in the footer and the JSON-LD of every other
 * page (the 404 page and the signed-in pages' shell too); refused 409 when someone saved
 * meanwhile; their history with 'Restaurar esta versão', each save in the staff record; a new
 * address moves a map left as it was. Needs the web build's renderer (`npm test` builds first).
 */
import { randomUUID } from 'node:crypto';
import { centre } from '@centro/content';
import type { StaffContactHistory } from '@centro/contracts/contact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuiltWebRoot, hasBuiltRenderer } from '../../../../tests/support/built-web-root.js';
import type { FixtureWebRoot } from '../../../../tests/support/web-root.js';
import { seedPeople } from '../../../../tests/support/server-process.js';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';

const CONTACT = '/api/staff/content/contact';
const ADMIN = randomUUID();

const { street, district, city, state, postalCode } = centre.address;
const packaged = {
  address: { street, district, city, state, postalCode },
  whatsapp: centre.whatsapp,
  email: centre.email,
  mapEmbedUrl: centre.mapEmbedUrl,
  mapTitle: centre.mapTitle,
};

describe.skipIf(!hasBuiltRenderer)('the contact details', () => {
  let api: TestApi;
  let fixture: FixtureWebRoot;
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
    fixture = await createBuiltWebRoot('contact');
    api = await createTestApi({ fixture, env: { ADMIN_EMAILS: `${ADMIN}@example.org` } });
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
  }, 30_000);
  afterAll(async () => {
    await api.close();
    await fixture.cleanup();
  });

  it('reads the packaged details until saved, for the content roles only', async () => {
    const read = await as(comunicacao, 'GET', CONTACT);
    expect(read.json()).toEqual({ revision: 0, savedAt: null, savedBy: null, contact: packaged });
    expect((await as(secretaria, 'GET', CONTACT)).statusCode).toBe(403);
    expect(
      (await as(secretaria, 'PUT', CONTACT, { revision: 0, contact: packaged })).statusCode,
    ).toBe(403);
  });

  it('refuses a wrong number, CEP or map with a pt-BR message naming the field', async () => {
    const cases: [object, string][] = [
      [{ ...packaged, whatsapp: '1234' }, 'WhatsApp: informe DDD e número, como (11) 91234-5678.'],
      [
        { ...packaged, address: { ...packaged.address, postalCode: '123' } },
        'CEP: informe no formato 00000-000.',
      ],
      [
        { ...packaged, mapEmbedUrl: 'https://evil.example/maps/embed?pb=1' },
        'Mapa: cole o endereço de um mapa do Google Maps, que começa com https://www.google.com/maps/embed (em Compartilhar › Incorporar um mapa), ou deixe o mapa que acompanha o endereço.',
      ],
    ];
    for (const [contact, message] of cases) {
      const answer = await as(comunicacao, 'PUT', CONTACT, { revision: 0, contact });
      expect(answer.statusCode, message).toBe(400);
      expect(answer.json(), message).toMatchObject({ error: 'invalid_request', message });
    }
    expect((await as(comunicacao, 'GET', CONTACT)).json().revision).toBe(0);
  });

  it('publishes the details on /contato and in every page’s footer and JSON-LD', async () => {
    expect(await page('/contato')).toContain(centre.email);
    const saved = await as(comunicacao, 'PUT', CONTACT, {
      revision: 0,
      contact: { ...packaged, whatsapp: '(21) 98765-4321', email: 'Fale@Centro.example.org' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      revision: 1,
      contact: { whatsapp: '5521987654321', email: 'fale@centro.example.org' },
    });
    const contact = await page('/contato');
    expect(contact).toContain('(21) 98765-4321');
    expect(contact).toContain('https://wa.me/5521987654321');
    expect(contact).toContain('fale@centro.example.org');
    expect(contact).toContain('"telephone":"+5521987654321"');
    // The footer of the 'Página Não Encontrada' page and of the signed-in pages (one shell).
    for (const [url, status] of [
      ['/nao-existe', 404],
      ['/perfil', 200],
      ['/equipe', 200],
    ] as const) {
      const answer = await api.app.inject({ method: 'GET', url });
      expect([answer.statusCode, answer.headers['x-robots-tag']], url).toEqual([status, 'noindex']);
      expect(answer.body, url).toContain('(21) 98765-4321');
      expect(answer.body, url).not.toContain(centre.email);
    }
    // Another page's footer; the home page's structured data.
    const other = await page('/horarios');
    expect(other).toContain('(21) 98765-4321');
    expect(other).not.toContain(centre.email);
    expect(await page('/global-kardec')).toContain('fale@centro.example.org');
    expect(await page('/')).toContain('"email":"fale@centro.example.org"');
    // The privacy notice's contact follows; its channel for requests about personal data does
    // not: it is the configuration's (decision 080).
    const notice = await page('/privacidade');
    expect(notice).toContain('fale conosco pelo e-mail fale@centro.example.org');
    expect(notice).toContain(`escreva para ${centre.email} (o canal do centro`);
    expect(notice).not.toContain('escreva para fale@centro.example.org');
  }, 60_000);

  it('refuses a save from an older revision, keeping the newer details', async () => {
    const stale = await as(ADMIN, 'PUT', CONTACT, { revision: 0, contact: packaged });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Outra pessoa alterou esta página enquanto você editava.');
    expect(await page('/contato')).toContain('(21) 98765-4321');
  });

  it('lists the revisions and restores the packaged details, in the staff record', async () => {
    const history = (
      await as(comunicacao, 'GET', `${CONTACT}/history`)
    ).json<StaffContactHistory>();
    expect(history.revisions.map((r) => [r.revision, r.contact.whatsapp])).toEqual([
      [1, '5521987654321'],
      [0, centre.whatsapp],
    ]);
    const missing = await as(comunicacao, 'POST', `${CONTACT}/restore`, {
      revision: 1,
      restore: 7,
    });
    expect(missing.statusCode).toBe(404);
    const restored = await as(comunicacao, 'POST', `${CONTACT}/restore`, {
      revision: 1,
      restore: 0,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ revision: 2, contact: packaged });
    expect(await page('/horarios')).not.toContain('(21) 98765-4321');
    expect(await page('/contato')).toContain(centre.email);

    const actions = (await as(ADMIN, 'GET', '/api/staff/actions?action=content.save')).json()
      .actions as { details: Record<string, unknown> }[];
    expect(actions.map((a) => a.details)).toEqual([
      { document: 'contact', revision: 2, restoredFrom: 0 },
      { document: 'contact', revision: 1 },
    ]);
  }, 60_000);

  it('moves the map to a new address when the map was left as it was', async () => {
    const now = (await as(comunicacao, 'GET', CONTACT)).json();
    const address = { ...packaged.address, street: 'Avenida Nova, 500' };
    const moved = await as(comunicacao, 'PUT', CONTACT, {
      revision: now.revision,
      contact: { ...packaged, address },
    });
    expect(moved.statusCode).toBe(200);
    const follows = `https://www.google.com/maps?q=${encodeURIComponent(
      `Avenida Nova, 500 - ${address.district}, ${address.city} - ${address.state}, ${address.postalCode}`,
    )}&output=embed`;
    expect(moved.json().contact.mapEmbedUrl).toBe(follows);
    expect(await page('/contato')).toContain(follows.replaceAll('&', '&amp;'));
    // A map of one's own, saved with the address, is kept.
    const own = 'https://www.google.com/maps/embed?pb=!1m18!1m12';
    const kept = await as(comunicacao, 'PUT', CONTACT, {
      revision: now.revision + 1,
      contact: { ...packaged, address: { ...address, street: 'Rua Outra, 1' }, mapEmbedUrl: own },
    });
    expect(kept.json().contact.mapEmbedUrl).toBe(own);
  }, 60_000);
});
