/**
 * Hostile input to the JSON API, the staff API and the participant's own space: random JSON bodies
 * with odd Unicode, prototype-polluting keys, deep nesting and broken JSON, with valid, anonymous,
 * expired, tampered, someone else's and garbage tokens. Whatever comes in: a 200 or a 4xx JSON
 * refusal `{error, message}`, never a 5xx, and a refusal leaves the database exactly as it was.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { it } from 'vitest';
import { courseSettings } from '../support/course-settings.js';
import {
  brokenJson,
  contentTypes,
  headerValue,
  hostileKey,
  hostileString,
  hostileValue,
  objectOf,
  oddHeaders,
  SPECIAL_BODIES,
  ALL_TABLES,
} from '../support/hostile.js';
import {
  course,
  expectApiAnswer,
  API_FIELDS,
  apiEndpoints,
  tokenKinds,
  describeHostile,
} from './harness.js';

await describeHostile('hostile api-bodies', (hostile) => {
  const { runs, sendChecked, tokenOf } = hostile;

  it(
    'the JSON API answers any body with a 200 or a 4xx JSON refusal, and a refusal changes nothing',
    { timeout: 60_000 },
    async () => {
      const { alice } = hostile;
      const mutation = fc.oneof(
        fc.record({
          op: fc.constant('set' as const),
          key: hostileKey(API_FIELDS),
          value: hostileValue(API_FIELDS),
        }),
        fc.record({ op: fc.constant('delete' as const), key: fc.constantFrom(...API_FIELDS) }),
      );
      const rawBody = fc.oneof(
        fc.constantFrom(...SPECIAL_BODIES),
        brokenJson(hostileValue(API_FIELDS).map((value) => JSON.stringify(value) ?? 'null')),
        fc.string({ unit: 'binary', maxLength: 80 }),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            endpoint: fc.constantFrom(...apiEndpoints),
            tokenKind: fc.constantFrom(...tokenKinds),
            garbageToken: hostileValue(),
            mutations: fc.array(mutation, { maxLength: 3 }),
            raw: fc.oneof(
              { weight: 3, arbitrary: fc.constant(undefined) },
              { weight: 2, arbitrary: rawBody },
            ),
            contentType: fc.oneof(
              { weight: 4, arbitrary: fc.constant('application/json') },
              { weight: 1, arbitrary: contentTypes },
            ),
            headers: oddHeaders,
          }),
          async ({ endpoint, tokenKind, garbageToken, mutations, raw, contentType, headers }) => {
            let body = raw;
            if (body === undefined) {
              const object: Record<string, unknown> = endpoint.body(alice, '');
              const token = tokenOf(tokenKind, garbageToken);
              if (token === undefined) delete object.token;
              else object.token = token;
              for (const change of mutations) {
                if (change.op === 'delete') Reflect.deleteProperty(object, change.key);
                else Object.assign(object, objectOf([[change.key, change.value]]));
              }
              body = JSON.stringify(object);
            }
            await sendChecked(
              {
                method: 'POST',
                url: endpoint.url,
                body,
                headers: { ...headers, 'content-type': contentType },
              },
              expectApiAnswer,
            );
          },
        ),
        { numRuns: runs(120) },
      );
    },
  );

  it(
    'the staff API answers any body, path and token with a 200 or a 4xx JSON refusal, and a refusal changes nothing',
    { timeout: 60_000 },
    async () => {
      const { api, alice, bob } = hostile;
      const STAFF_FIELDS = [
        'places',
        'inviteCode',
        'opensAt',
        'closesAt',
        'firstMeeting',
        'time',
        'count',
        'durationMinutes',
        'room',
        'marks',
        'personId',
        'present',
        'email',
        'role',
        'confirm',
        'required',
        'concluded',
        'reason',
      ];
      const tables = [
        ...ALL_TABLES,
        'staff_roles',
        'attendance',
        'staff_removals',
        'staff_actions',
        'prerequisite_overrides',
        'prerequisite_exceptions',
        'completions',
      ] as const;
      const C = `/api/staff/courses/${course.slug}`;
      const settings = courseSettings();
      const posts = [
        { url: `${C}/settings`, body: () => ({ ...settings }) },
        { url: `${C}/participants/${bob}/remove`, body: () => ({ confirm: true }) },
        { url: `${C}/attendance/1`, body: () => ({ marks: [{ personId: bob, present: true }] }) },
        {
          url: '/api/staff/roles/grant',
          body: () => ({ email: 'x@example.org', role: 'secretaria' }),
        },
        { url: '/api/staff/roles/revoke', body: () => ({ personId: bob, role: 'secretaria' }) },
        { url: `${C}/exceptions`, body: () => ({ personId: bob }) },
        {
          url: `${C}/completions/${randomUUID()}/${bob}`,
          body: () => ({ concluded: true, reason: 'Atestado' }),
        },
        {
          url: '/api/staff/content/restore',
          body: () => ({ document: 'home', revision: 0, restore: 1 }),
        },
      ];
      const authorization = fc.oneof(
        fc.constant('coordenacao').map(() => `Bearer ${api.tokenFor(alice)}`),
        fc.constant('participant').map(() => `Bearer ${api.tokenFor(bob)}`),
        fc.constant('anonymous').map(() => `Bearer ${api.anonymousToken()}`),
        fc.constant('expired').map(() => `Bearer ${api.expiredTokenFor(alice)}`),
        fc.constant('tampered').map(() => `Bearer ${api.tamperedTokenFor(alice)}`),
        headerValue,
      );
      // Lone surrogates cannot be percent-encoded: sent as a broken escape instead.
      const encode = (value: string) => {
        try {
          return encodeURIComponent(value);
        } catch {
          return '%zz';
        }
      };
      const segment = fc.oneof(
        fc.constantFrom(course.slug, 'nao-existe', '..', '%2e%2e', '%00', 'a'.repeat(300)),
        hostileString.map(encode),
      );
      const request = fc.oneof(
        fc.record({
          kind: fc.constant('post' as const),
          endpoint: fc.constantFrom(...posts),
          mutations: fc.array(
            fc.record({ key: hostileKey(STAFF_FIELDS), value: hostileValue(STAFF_FIELDS) }),
            { maxLength: 3 },
          ),
        }),
        fc.record({
          kind: fc.constant('get' as const),
          path: fc.oneof(
            fc.constantFrom(
              '/api/staff/me',
              '/api/staff/courses',
              '/api/staff/roles',
              '/api/staff/actions?limit=-1',
              `${C}/participants?sort=__proto__`,
              `${C}/attendance/0`,
              `${C}/attendance/999`,
            ),
            segment.map((s) => `/api/staff/courses/${s}/participants`),
            segment.map((s) => `/api/staff/courses/${s}/export.csv`),
            segment.map((s) => `${C}/attendance/${s}`),
            hostileString.map((q) => `${C}/participants?q=${encode(q)}`),
            // A class of the course by id: anything else is a 400 or a 404.
            hostileString.map((t) => `${C}/participants?turma=${encode(t)}`),
            segment.map((t) => `${C}/export.xlsx?turma=${t}`),
            segment.map((s) => `/api/staff/content/texts?document=${s}`),
            segment.map((s) => `/api/staff/content/history?document=%2F${s}`),
          ),
        }),
      );
      await fc.assert(
        fc.asyncProperty(
          request,
          fc.option(authorization, { freq: 6 }),
          oddHeaders,
          async (req, auth, headers) => {
            if (req.kind === 'get') {
              await sendChecked(
                {
                  method: 'GET',
                  url: req.path,
                  headers: { ...headers, authorization: auth ?? undefined },
                },
                (res, context) => {
                  // Exports answer files; everything else JSON.
                  if (res.statusCode === 200 && req.path.includes('/export.')) return;
                  expectApiAnswer(res, context);
                },
                tables,
              );
              return;
            }
            const object: Record<string, unknown> = req.endpoint.body();
            for (const change of req.mutations) {
              Object.assign(object, objectOf([[change.key, change.value]]));
            }
            await sendChecked(
              {
                method: 'POST',
                url: req.endpoint.url,
                body: JSON.stringify(object),
                headers: {
                  ...headers,
                  'content-type': 'application/json',
                  authorization: auth ?? undefined,
                },
              },
              expectApiAnswer,
              tables,
            );
          },
        ),
        { numRuns: runs(120) },
      );
    },
  );

  it(
    'the participant’s own space answers any body and token with a 200 or a 4xx JSON refusal, and a refusal changes nothing',
    { timeout: 60_000 },
    async () => {
      const { api, alice, bob } = hostile;
      const ME_FIELDS = ['course', 'confirmation', 'id', 'user', 'token'];
      const tables = [
        ...ALL_TABLES,
        'waiting_list',
        'staff_removals',
        'staff_actions',
        'attendance',
        'mail_outbox',
      ] as const;
      const posts = [
        { url: '/api/me/enrolments/cancel', body: () => ({ course: course.slug }) },
        { url: '/api/me/waiting-list/join', body: () => ({ course: course.slug }) },
        { url: '/api/me/waiting-list/leave', body: () => ({ course: course.slug }) },
        // Never the confirmation itself: the property must not delete the account it uses.
        { url: '/api/me/delete', body: () => ({ confirmation: 'não' }) },
      ];
      const authorization = fc.oneof(
        fc.constant('alice').map(() => `Bearer ${api.tokenFor(alice)}`),
        fc.constant('bob').map(() => `Bearer ${api.tokenFor(bob)}`),
        fc.constant('anonymous').map(() => `Bearer ${api.anonymousToken()}`),
        fc.constant('expired').map(() => `Bearer ${api.expiredTokenFor(alice)}`),
        fc.constant('tampered').map(() => `Bearer ${api.tamperedTokenFor(alice)}`),
        headerValue,
      );
      const request = fc.oneof(
        fc.record({
          kind: fc.constant('post' as const),
          endpoint: fc.constantFrom(...posts),
          mutations: fc.array(
            fc.record({ key: hostileKey(ME_FIELDS), value: hostileValue(ME_FIELDS) }),
            { maxLength: 3 },
          ),
          raw: fc.option(fc.constantFrom(...SPECIAL_BODIES), { freq: 5 }),
        }),
        fc.record({
          kind: fc.constant('get' as const),
          path: fc.constantFrom('/api/me/enrolments', '/api/me/data', '/api/me/data?x=__proto__'),
        }),
      );
      await fc.assert(
        fc.asyncProperty(
          request,
          fc.option(authorization, { freq: 6 }),
          oddHeaders,
          async (req, auth, headers) => {
            if (req.kind === 'get') {
              await sendChecked(
                {
                  method: 'GET',
                  url: req.path,
                  headers: { ...headers, authorization: auth ?? undefined },
                },
                expectApiAnswer,
                tables,
              );
              return;
            }
            const object: Record<string, unknown> = req.endpoint.body();
            for (const change of req.mutations) {
              Object.assign(object, objectOf([[change.key, change.value]]));
            }
            await sendChecked(
              {
                method: 'POST',
                url: req.endpoint.url,
                body: req.raw ?? JSON.stringify(object),
                headers: {
                  ...headers,
                  'content-type': 'application/json',
                  authorization: auth ?? undefined,
                },
              },
              expectApiAnswer,
              tables,
            );
          },
        ),
        { numRuns: runs(120) },
      );
    },
  );
});
