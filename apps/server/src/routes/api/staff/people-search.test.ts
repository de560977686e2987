/**
 * Finding a person in the staff area ('Liberar inscrição': GET /api/staff/people?q=) through the
 * real server and database (decision 081): a query names one person (a whole e-mail, or a name and
 * surname), the people it returned are subjects of the recorded view (the record filtered by one
 * of them finds it), and each staff member has an hourly number of searches.
 */
import { randomUUID } from 'node:crypto';
import { PEOPLE_QUERY_MESSAGE } from '@centro/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../../../tests/support/postgres.js';
import { seedPeople } from '../../../../tests/support/server-process.js';
import { createTestApi, type TestApi } from '../../../../tests/support/api-app.js';

const pgDatabase = await createPostgresTestDatabase('staff_people_search');
afterAll(async () => {
  await pgDatabase?.drop();
});
const targets = [
  { dialect: 'sqlite', databaseUrl: undefined },
  ...(pgDatabase ? [{ dialect: 'postgres', databaseUrl: pgDatabase.url }] : []),
];
const ADMIN = randomUUID();
const SEARCHES = 4;

describe.each(targets)('people search in the staff area on $dialect', ({ databaseUrl }) => {
  let api: TestApi;
  let secretaria: string;
  let people: string[];

  const as = (who: string, url: string) =>
    api.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${api.tokenFor(who)}` },
    });
  const search = (who: string, q: string) =>
    as(who, `/api/staff/people?q=${encodeURIComponent(q)}`);
  const nameOf = (id: string) => `Pessoa ${id.slice(0, 8)}`;

  beforeAll(async () => {
    api = await createTestApi({
      databaseUrl,
      env: {
        ADMIN_EMAILS: `${ADMIN}@example.org`,
        STAFF_PEOPLE_SEARCHES_PER_HOUR: String(SEARCHES),
      },
    });
    await seedPeople(api.app.database.db, [ADMIN]);
    const [first = '', ...others] = await api.createPeople(4);
    secretaria = first;
    people = others;
    const granted = await api.app.inject({
      method: 'POST',
      url: '/api/staff/roles/grant',
      headers: { authorization: `Bearer ${api.tokenFor(ADMIN)}` },
      payload: { email: `${secretaria}@example.org`, role: 'secretaria' },
    });
    expect(granted.statusCode).toBe(200);
  });
  afterAll(async () => {
    await api.close();
  });

  it('asks for a whole e-mail or a name and surname instead of listing everyone', async () => {
    for (const broad of ['Pes', 'pessoa', 'example.org', '@example.org', 'a b']) {
      const refused = await search(ADMIN, broad);
      expect(refused.statusCode, broad).toBe(400);
      expect(refused.json().message).toBe(PEOPLE_QUERY_MESSAGE);
    }
    const [one = ''] = people;
    const byEmail = await search(ADMIN, `${one}@example.org`);
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().people).toEqual([
      { id: one, name: nameOf(one), email: `${one}@example.org` },
    ]);
  });

  it('records the people a search returned, so the record filtered by one of them finds it', async () => {
    const [, two = ''] = people;
    const found = await search(secretaria, nameOf(two));
    expect(found.statusCode).toBe(200);
    expect(found.json().people.map((p: { id: string }) => p.id)).toEqual([two]);
    const record = await as(ADMIN, `/api/staff/actions?person=${two}&action=people.view`);
    expect(record.statusCode).toBe(200);
    expect(
      record.json().actions.map((a: { actorId: string; action: string }) => [a.actorId, a.action]),
    ).toContainEqual([secretaria, 'people.view']);
  });

  it('refuses a staff member past the hourly searches, saying when to try again', async () => {
    const [, , three = ''] = people;
    let refused;
    for (let i = 0; i <= SEARCHES; i++) {
      const answer = await search(secretaria, `${three}@example.org`);
      if (answer.statusCode !== 200) {
        refused = answer;
        break;
      }
    }
    expect(refused?.statusCode).toBe(429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.json().message).toMatch(
      /^Muitas buscas de pessoas em pouco tempo\. Aguarde \d+ minutos? e tente novamente\.$/,
    );
    // Another staff member's searches are their own.
    expect((await search(ADMIN, `${three}@example.org`)).statusCode).toBe(200);
  });
});
