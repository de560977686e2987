/**
 * The JSON API through the real server (app.inject) and database, on SQLite and on PostgreSQL:
 * every endpoint × {valid, anonymous token, expired token, tampered token, another person's id,
 * unknown group, malformed body, oversized body, wrong content type}.
 */
import { allCourses, centre } from '@centro/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../../tests/support/postgres.js';
import { createTestApi, type TestApi } from '../../../tests/support/api-app.js';
import { DirectoryError } from '../../directory/directory.js';

const pgDatabase = await createPostgresTestDatabase('api');
afterAll(async () => {
  await pgDatabase?.drop();
});

const targets = [
  { dialect: 'sqlite', databaseUrl: undefined },
  ...(pgDatabase ? [{ dialect: 'postgres', databaseUrl: pgDatabase.url }] : []),
];

const [course, smallCourse] = allCourses() as [
  ReturnType<typeof allCourses>[number],
  ReturnType<typeof allCourses>[number],
];
/** A course without staff settings: open, no opening or closing instant. */
const ALWAYS_OPEN = { state: 'open', opensAt: null, closesAt: null };
const UNKNOWN_GROUP = '12345678-aaaa-4bbb-8ccc-1234567890ab';

type Endpoint = {
  name: string;
  url: string;
  /** A valid body for the person (their id under `id` or `user`). */
  body: (userId: string, token: string) => Record<string, unknown>;
  idField: 'id' | 'user';
};

const endpoints: Endpoint[] = [
  {
    name: 'user details',
    url: '/api/user/details',
    idField: 'id',
    body: (id, token) => ({ id, token }),
  },
  {
    name: 'user update',
    url: '/api/user/update',
    idField: 'id',
    body: (id, token) => ({ id, token, param: 'displayName', value: 'Maria das Graças' }),
  },
  {
    name: 'security attributes',
    url: '/api/user/update/security-attributes',
    idField: 'id',
    body: (id, token) => ({ id, token, data_nascimento: '15/08/1990' }),
  },
  {
    name: 'group add',
    url: '/api/group/add',
    idField: 'user',
    body: (user, token) => ({ group: course.groupId, user, token }),
  },
];

describe.each(targets)('the API on $dialect', ({ databaseUrl }) => {
  let api: TestApi;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    api = await createTestApi({ databaseUrl });
    [alice, bob] = (await api.createPeople(2)) as [string, string];
  }, 30_000);
  afterAll(async () => {
    await api?.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    api.app.inject({ method: 'POST', url, payload: payload as object, headers });

  function expectJsonError(
    res: Awaited<ReturnType<typeof post>>,
    status: number,
    error: string,
    message?: string | RegExp,
  ) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json<{ error: string; message: string; field?: string }>();
    expect(body.error).toBe(error);
    expect(body.message).toEqual(expect.any(String));
    if (message !== undefined) expect(body.message).toMatch(message);
    // `field`: the body's field a form shows the message beside, when there is one.
    const { field, ...rest } = body;
    expect(Object.keys(rest).sort()).toEqual(['error', 'message']);
    if (field !== undefined) expect(field).toMatch(/^[A-Za-z_]+$/);
  }

  describe.each(endpoints)('$name', (endpoint) => {
    it('answers the person', async () => {
      const res = await post(endpoint.url, endpoint.body(alice, api.tokenFor(alice)));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toHaveProperty('data');
    });

    it('refuses an anonymous token (401)', async () => {
      const res = await post(endpoint.url, endpoint.body(alice, api.anonymousToken()));
      expectJsonError(res, 401, 'unauthorized', 'É preciso entrar para continuar.');
    });

    it('refuses an expired token (401)', async () => {
      const res = await post(endpoint.url, endpoint.body(alice, api.expiredTokenFor(alice)));
      expectJsonError(res, 401, 'invalid_token', /expirou/);
    });

    it('refuses a tampered token (401)', async () => {
      const res = await post(endpoint.url, endpoint.body(alice, api.tamperedTokenFor(alice)));
      expectJsonError(res, 401, 'invalid_token');
    });

    it('refuses a missing or ill-formed token (401)', async () => {
      const missing = endpoint.body(alice, '');
      delete missing.token;
      expectJsonError(await post(endpoint.url, missing), 401, 'unauthorized');
      const short = await post(endpoint.url, endpoint.body(alice, 'abc'));
      expectJsonError(short, 401, 'invalid_token');
    });

    it("refuses another person's id (403)", async () => {
      const res = await post(endpoint.url, endpoint.body(bob, api.tokenFor(alice)));
      expectJsonError(res, 403, 'forbidden');
    });

    it('refuses unknown fields, naming them (400)', async () => {
      const body = { ...endpoint.body(alice, api.tokenFor(alice)), admin: true };
      expectJsonError(await post(endpoint.url, body), 400, 'invalid_request', /"admin"/);
    });

    it('refuses a missing field, naming it (400)', async () => {
      const body = Object.fromEntries(
        Object.entries(endpoint.body(alice, api.tokenFor(alice))).filter(
          ([key]) => key !== endpoint.idField,
        ),
      );
      expectJsonError(
        await post(endpoint.url, body),
        400,
        'invalid_request',
        `Campo obrigatório ausente: "${endpoint.idField}".`,
      );
    });

    it('refuses a field of the wrong type (400)', async () => {
      const body = { ...endpoint.body(alice, api.tokenFor(alice)), [endpoint.idField]: 42 };
      expectJsonError(await post(endpoint.url, body), 400, 'invalid_request', /tipo inválido/);
    });

    it('refuses broken JSON, a JSON that is not an object and an empty body (400)', async () => {
      const headers = { 'content-type': 'application/json' };
      expectJsonError(await post(endpoint.url, '{"id": ', headers), 400, 'invalid_json');
      expectJsonError(await post(endpoint.url, '[1,2]', headers), 400, 'invalid_request');
      expectJsonError(await post(endpoint.url, '', headers), 400, 'invalid_json');
      expectJsonError(
        await post(endpoint.url, '{"__proto__": {"admin": true}}', headers),
        400,
        'invalid_json',
      );
    });

    it('refuses a body that is not JSON (415)', async () => {
      const res = await post(endpoint.url, 'id=1&token=2', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expectJsonError(res, 415, 'unsupported_media_type');
      const text = await post(endpoint.url, JSON.stringify(endpoint.body(alice, 'x')), {
        'content-type': 'text/plain',
      });
      expectJsonError(text, 415, 'unsupported_media_type');
    });

    it('refuses an oversized body (413)', async () => {
      const body = { ...endpoint.body(alice, api.tokenFor(alice)), padding: 'x'.repeat(20_000) };
      expectJsonError(await post(endpoint.url, body), 413, 'payload_too_large');
    });

    it('answers 503 JSON, without details, when the directory is down', async () => {
      // Someone new: an enrolment that is already confirmed needs no directory call.
      const [newcomer] = (await api.createPeople(1)) as [string];
      api.faults.fault = () => new DirectoryError('connect ECONNREFUSED 10.0.0.1:443', 503);
      try {
        const res = await post(endpoint.url, endpoint.body(newcomer, api.tokenFor(newcomer)));
        expectJsonError(res, 503, 'directory_unavailable', /tente novamente/);
        expect(res.body).not.toContain('ECONNREFUSED');
      } finally {
        api.faults.fault = undefined;
      }
    });
  });

  describe('POST /api/user/details', () => {
    it("answers the person's details from the directory", async () => {
      const res = await post('/api/user/details', { id: bob, token: api.tokenFor(bob) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: expect.objectContaining({ id: bob, displayName: `Pessoa ${bob.slice(0, 8)}` }),
      });
    });

    it('answers 404 when the directory has no such person', async () => {
      const ghost = '99999999-9999-4999-8999-999999999999';
      const res = await post('/api/user/details', { id: ghost, token: api.tokenFor(ghost) });
      expectJsonError(res, 404, 'user_not_found');
    });
  });

  describe('POST /api/user/update', () => {
    const update = (param: string, value: unknown, who = bob) =>
      post('/api/user/update', { id: who, token: api.tokenFor(who), param, value });

    it.each([
      ['(11) 98765-4321', '+55 11 98765-4321'],
      ['11987654321', '+55 11 98765-4321'],
      ['+55 (21) 99876-5432', '+55 21 99876-5432'],
      ['5521998765432', '+55 21 99876-5432'],
    ])('normalises the mobile phone %s to %s', async (input, stored) => {
      const res = await update('mobilePhone', input);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ data: { id: bob, mobilePhone: stored } });
    });

    it.each(['1234', '(11) 9876-543', '+1 555 0100', 'x'.repeat(41)])(
      'refuses the mobile phone %s',
      async (input) => {
        expectJsonError(
          await update('mobilePhone', input),
          400,
          'invalid_request',
          'Celular inválido: use o formato (XX) XXXXX-XXXX.',
        );
      },
    );

    it('changes the display name (trimmed) and the e-mail', async () => {
      expect((await update('displayName', '  Bento Silva ')).json()).toMatchObject({
        data: { displayName: 'Bento Silva' },
      });
      expect((await update('mail', 'bento@example.org')).json()).toMatchObject({
        data: { mail: 'bento@example.org' },
      });
    });

    it.each([
      ['displayName', '', /^Nome inválido/],
      ['displayName', 'x'.repeat(121), /^Nome inválido/],
      ['displayName', 'Bento\u0000Silva', /^Nome inválido/],
      ['mail', 'bento@', /^E-mail inválido/],
      ['mail', 'not an e-mail', /^E-mail inválido/],
      ['birthday', '01/01/2000', /"param".*mobilePhone, displayName ou mail/],
    ])('refuses %s = %j', async (param, value, message) => {
      expectJsonError(await update(param, value), 400, 'invalid_request', message);
    });
  });

  describe('POST /api/user/update/security-attributes', () => {
    const setDate = (value: unknown) =>
      post('/api/user/update/security-attributes', {
        id: bob,
        token: api.tokenFor(bob),
        data_nascimento: value,
      });

    it('keeps the birth date', async () => {
      const res = await setDate('29/02/2000');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: { id: bob, dataNascimento: '29/02/2000' } });
    });

    it.each(['31/02/2000', '29/02/2001', '15/13/1990', '1990-08-15', '15081990', '01/01/2999'])(
      'refuses %s',
      async (value) => {
        expectJsonError(
          await setDate(value),
          400,
          'invalid_request',
          /^Data de nascimento inválida/,
        );
      },
    );
  });

  describe('POST /api/group/add', () => {
    it('enrols the person, idempotently, whatever the case of the group id', async () => {
      const [carla] = (await api.createPeople(1)) as [string];
      const body = { group: course.groupId.toUpperCase(), user: carla, token: api.tokenFor(carla) };
      const first = await post('/api/group/add', body);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({
        data: {
          course: course.slug,
          group: course.groupId,
          status: 'enrolled',
          alreadyEnrolled: false,
          // The content has no invite for the course yet: no link, never a placeholder's.
          groupLink: null,
          // When and where the class meets, for the confirmation page.
          meetings: {
            firstMeeting: course.meetings.firstMeeting,
            time: course.meetings.time,
            place: expect.stringContaining(centre.address.street) as unknown,
            // The person's class, whose own calendar file the page links (decision 076).
            classId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
          },
        },
      });
      const again = await post('/api/group/add', body);
      expect(again.json()).toMatchObject({ data: { alreadyEnrolled: true } });

      const rows = await api.app.database.db
        .selectFrom('enrolments')
        .selectAll()
        .where('user_id', '=', carla)
        .execute();
      expect(rows).toEqual([
        expect.objectContaining({ course_slug: course.slug, status: 'confirmed' }),
      ]);
      expect(await api.app.directory.isMember(course.groupId, carla)).toBe(true);
    });

    it('refuses a group that is not a course’s (400 unknown_group)', async () => {
      const res = await post('/api/group/add', {
        group: UNKNOWN_GROUP,
        user: alice,
        token: api.tokenFor(alice),
      });
      expectJsonError(res, 400, 'unknown_group');
      expect(await api.app.directory.isMember(UNKNOWN_GROUP, alice)).toBe(false);
    });

    it('answers 409 course_full when the places are gone', async () => {
      await api.app.database.db
        .updateTable('classes')
        .set({ places: 1 })
        .where('course_slug', '=', smallCourse.slug)
        .execute();
      const [first, second] = (await api.createPeople(2)) as [string, string];
      const enrol = (who: string) =>
        post('/api/group/add', { group: smallCourse.groupId, user: who, token: api.tokenFor(who) });
      expect((await enrol(first)).statusCode).toBe(200);
      const full = await enrol(second);
      expect(full.statusCode).toBe(409);
      expect(full.json()).toEqual({
        error: 'course_full',
        message: 'Vagas esgotadas para este curso.',
      });
      expect((await enrol(first)).json()).toMatchObject({ data: { alreadyEnrolled: true } });
    });

    it('gives the place back when the directory fails, and enrols on the next try', async () => {
      const [dora] = (await api.createPeople(1)) as [string];
      const body = { group: course.groupId, user: dora, token: api.tokenFor(dora) };
      api.faults.fault = (op) =>
        op === 'addToGroup' ? new DirectoryError('Graph answered 503', 503) : undefined;
      const failed = await post('/api/group/add', body);
      api.faults.fault = undefined;
      expectJsonError(
        failed,
        503,
        'directory_unavailable',
        'Não foi possível concluir a inscrição agora. Por favor tente novamente.',
      );
      const after = await api.app.database.db
        .selectFrom('enrolments')
        .select('status')
        .where('user_id', '=', dora)
        .execute();
      expect(after).toEqual([]);

      expect((await post('/api/group/add', body)).statusCode).toBe(200);
    });
  });

  describe('GET /api/courses/availability', () => {
    it('answers places and places left of the 20 courses, cacheable for 5 seconds', async () => {
      const res = await api.app.inject({ url: '/api/courses/availability' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=5');
      const { courses } = res.json<{
        courses: Record<string, { places: number; placesLeft: number }>;
      }>();
      expect(Object.keys(courses).sort()).toEqual(
        allCourses()
          .map((c) => c.slug)
          .sort(),
      );
      const taken = await api.app.database.db
        .selectFrom('enrolments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('course_slug', '=', course.slug)
        .executeTakeFirstOrThrow();
      expect(courses[course.slug]).toEqual({
        places: course.places,
        placesLeft: course.places - Number(taken.n),
        ...ALWAYS_OPEN,
      });
      expect(courses[smallCourse.slug]).toEqual({ places: 1, placesLeft: 0, ...ALWAYS_OPEN });
    });
  });
});

describe('the API under hostile input', () => {
  let api: TestApi;
  let person: string;
  beforeAll(async () => {
    api = await createTestApi();
    [person] = (await api.createPeople(1)) as [string];
  }, 30_000);
  afterAll(async () => {
    await api?.close();
  });

  const hostile: [string, string, Record<string, string>][] = [
    ['deep nesting', `{"id":${'['.repeat(5000)}${']'.repeat(5000)}}`, {}],
    ['a constructor prototype', '{"constructor":{"prototype":{"admin":true}}}', {}],
    ['a huge number', '{"id":1e999999,"token":null}', {}],
    ['odd Unicode', JSON.stringify({ id: '\ud800\u202e\u0000', token: '\uffff'.repeat(30) }), {}],
    ['no content type', '{"id":"x"}', { 'content-type': '' }],
    ['a charset', '{"id":"x"}', { 'content-type': 'application/json; charset=latin1' }],
    ['a lying length', '{"id":"x"}', { 'content-length': '5' }],
  ];

  it.each(endpoints)('answers $name with a 4xx JSON, never a 5xx', async (endpoint) => {
    for (const [, payload, headers] of hostile) {
      const res = await api.app.inject({
        method: 'POST',
        url: endpoint.url,
        payload,
        headers: { 'content-type': 'application/json', ...headers },
      });
      expect(res.statusCode, `${endpoint.url} ${payload.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      const { field, ...refusal } = res.json<Record<string, unknown>>();
      expect(refusal).toEqual({ error: expect.any(String), message: expect.any(String) });
      expect(field === undefined || typeof field === 'string').toBe(true);
    }
    const rows = await api.app.database.db.selectFrom('enrolments').selectAll().execute();
    expect(rows).toEqual([]);
    expect(await api.app.directory.getUser(person)).toMatchObject({ mobilePhone: null });
  });
});

describe('the API rate limit', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ env: { RATE_LIMIT_API_PER_MINUTE: '3' } });
  }, 30_000);
  afterAll(async () => {
    await api?.close();
  });

  it('answers 429 JSON beyond RATE_LIMIT_API_PER_MINUTE per client, and spares the site', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await api.app.inject({ url: '/api/courses/availability' })).statusCode).toBe(200);
    }
    const limited = await api.app.inject({ url: '/api/courses/availability' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toEqual({
      error: 'too_many_requests',
      message: expect.stringMatching(/^Muitas requisições/),
    });
    expect((await api.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const other = await api.app.inject({
      url: '/api/courses/availability',
      remoteAddress: '192.0.2.7',
    });
    expect(other.statusCode).toBe(200);
  });
});
