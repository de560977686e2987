/**
 * Where the centre's mail is answered and where people send their personal data requests come from
 * the configuration, never from a content edit (decision 080), through the real server, SMTP server
 * and web build: with DATA_PROTECTION_EMAIL set, a Comunicação account publishing an outside
 * contact e-mail moves neither a confirmation's Reply-To nor the privacy notice's channel for data
 * requests; the notice names the configured address from the start, and says who changes it.
 */
import { randomUUID } from 'node:crypto';
import { centre, findCourse, type Course } from '@centro/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuiltWebRoot, hasBuiltRenderer } from '../../tests/support/built-web-root.js';
import type { FixtureWebRoot } from '../../tests/support/web-root.js';
import { createTestApi, type TestApi } from '../../tests/support/api-app.js';
import { seedPeople } from '../../tests/support/server-process.js';
import { createTestSmtpServer, type TestSmtpServer } from '../../tests/support/smtp-server.js';

const ADMIN = randomUUID();
const DATA_PROTECTION = 'dados@centro.example.org';
const OUTSIDE = 'fora@exemplo.net';
const passe = findCourse('global-kardec', 'passe') as Course;
const { street, district, city, state, postalCode } = centre.address;

describe.skipIf(!hasBuiltRenderer)('replies and data requests', () => {
  let api: TestApi;
  let smtp: TestSmtpServer;
  let fixture: FixtureWebRoot;
  let comunicacao: string;

  const as = (person: string, method: 'GET' | 'PUT' | 'POST', url: string, body?: object) =>
    api.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${api.tokenFor(person)}` },
      ...(body === undefined ? {} : { payload: body }),
    });
  const page = async (url: string) => (await api.app.inject({ method: 'GET', url })).body;

  beforeAll(async () => {
    fixture = await createBuiltWebRoot('reply');
    smtp = await createTestSmtpServer();
    api = await createTestApi({
      fixture,
      env: {
        ADMIN_EMAILS: `${ADMIN}@example.org`,
        SMTP_URL: smtp.url,
        MAIL_FROM: '"Centro Espírita" <nao-responda@centro.org.br>',
        EMAIL_VERIFICATION: 'off',
        DATA_PROTECTION_EMAIL: DATA_PROTECTION,
      },
    });
    await seedPeople(api.app.database.db, [ADMIN]);
    [comunicacao = ''] = await api.createPeople(1);
    const granted = await as(ADMIN, 'POST', '/api/staff/roles/grant', {
      email: `${comunicacao}@example.org`,
      role: 'comunicacao',
    });
    expect(granted.statusCode).toBe(200);
  }, 30_000);
  afterAll(async () => {
    await api.close();
    await smtp.stop();
    await fixture.cleanup();
  });

  it('keep the configured address when Comunicação publishes an outside contact e-mail', async () => {
    const before = await page('/privacidade');
    expect(before).toContain(`escreva para ${DATA_PROTECTION} (o canal do centro`);
    expect(before).toContain(
      'Esse endereço só é alterado na configuração do servidor do site, a pedido da coordenação do centro',
    );

    const saved = await as(comunicacao, 'PUT', '/api/staff/content/contact', {
      revision: 0,
      contact: {
        address: { street, district, city, state, postalCode },
        whatsapp: centre.whatsapp,
        email: OUTSIDE,
        mapEmbedUrl: centre.mapEmbedUrl,
        mapTitle: centre.mapTitle,
      },
    });
    expect(saved.statusCode).toBe(200);

    // The site shows what Comunicação published; the channel for data requests stays.
    expect(await page('/contato')).toContain(OUTSIDE);
    const notice = await page('/privacidade');
    expect(notice).toContain(`fale conosco pelo e-mail ${OUTSIDE}`);
    expect(notice).toContain(`escreva para ${DATA_PROTECTION} (o canal do centro`);
    expect(notice).not.toContain(`escreva para ${OUTSIDE}`);

    // A participant's confirmation is answered at the configured address.
    const [person = ''] = await api.createPeople(1);
    const enrolled = await api.app.inject({
      method: 'POST',
      url: '/api/group/add',
      payload: { group: passe.groupId, user: person, token: api.tokenFor(person) },
    });
    expect(enrolled.statusCode).toBe(200);
    // The role's notice to Comunicação went first.
    const message = (await smtp.waitFor(2)).find((m) =>
      JSON.stringify(m.to).includes(`${person}@example.org`),
    );
    expect(message?.subject).toBe('Inscrição confirmada: Passe (Global Kardec)');
    expect(message?.text).toContain(`Dúvidas: ${OUTSIDE}`);
    expect(message?.replyTo?.value.map((v) => v.address)).toEqual([DATA_PROTECTION]);
  }, 60_000);
});
