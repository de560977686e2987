/**
 * Hostile input for property-based tests (fast-check): odd Unicode (lone surrogates, bidi marks,
 * NUL, emoji, combining marks), huge strings, prototype-polluting keys, deep nesting, broken JSON,
 * odd content types and headers; and what the tests check with them: a snapshot of the database
 * (to prove a refused request changed nothing) and the text of an answer, whatever its coding.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import type { Database } from '../../src/db/schema.js';

/** Pieces that break naive string handling; concatenated at random by `oddString`. */
export const ODD_PIECES = [
  '\u0000',
  '\u0001',
  '\u001b[31m',
  '\u007f',
  '\ud800',
  '\udfff',
  '\udc00\ud800',
  '\u202e',
  '\u202d',
  '\u200f',
  '\u200b',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\uffff',
  '\ufffe',
  '\r\n',
  '\t',
  '😀',
  '👩‍👩‍👧‍👦',
  '🇧🇷',
  'e\u0301\u0301\u0301\u0301',
  'Z̴̡̛͓̠͈̖̈́̈́',
  'ﷺ',
  'ß',
  'İ',
  'ﬃ',
  '%00',
  '%',
  '%zz',
  '\\',
  '"',
  "'",
  '`',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${7*7}',
  '{{7*7}}',
  "' OR '1'='1' --",
  '; DROP TABLE accounts; --',
  '../../etc/passwd',
  'null',
  'undefined',
  'NaN',
  '__proto__',
  '@',
  '+55',
  '(11) 91234-5678',
  '25/12/1990',
  'a@b.co',
] as const;

/** Printable-ish code points, including the whole of Unicode (never a lone surrogate). */
const anyCodePoint = fc.string({ unit: 'binary', maxLength: 6 });

/** A short string stitched from odd pieces, random code points and plain ASCII. */
export const oddString: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...ODD_PIECES) },
      { weight: 2, arbitrary: anyCodePoint },
      { weight: 2, arbitrary: fc.string({ maxLength: 10 }) },
    ),
    { maxLength: 10 },
  )
  .map((parts) => parts.join(''));

/** 1 MiB and more: far beyond every body limit of the server. */
export const ONE_MIB = 1024 * 1024;

/** Huge strings, built once (fast-check hands out the same references). */
export const HUGE_STRINGS = [
  'x'.repeat(20_000),
  '\ud800'.repeat(5_000),
  '😀'.repeat(5_000),
  'e\u0301'.repeat(6_000),
  '\u0000'.repeat(10_000),
  'a'.repeat(ONE_MIB),
] as const;

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: oddString },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
);

/** Keys that pollute prototypes or collide with the API's field names. */
export const DANGEROUS_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'then',
  'length',
  'admin',
  '',
] as const;

export function hostileKey(fieldNames: readonly string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...DANGEROUS_KEYS, ...fieldNames) },
    { weight: 1, arbitrary: oddString },
  );
}

/** An object with these entries as own properties (`__proto__` included, as JSON.parse makes it). */
export function objectOf(
  entries: readonly (readonly [string, unknown])[],
): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

/** JSON values of every type, hostile strings and keys inside, a few levels deep. */
export function hostileValue(fieldNames: readonly string[] = []): fc.Arbitrary<unknown> {
  const key = hostileKey(fieldNames);
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: 3 },
      hostileString,
      fc.integer(),
      fc.double(),
      fc.constantFrom(
        null,
        true,
        false,
        0,
        -1,
        Number.MAX_SAFE_INTEGER + 2,
        1e308,
        -1e-308,
        '',
        ' ',
      ),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map(objectOf),
    ),
  }));
  return value;
}

/** Texts that are not JSON, are barely JSON, or are JSON built to hurt a parser. */
export const SPECIAL_BODIES = [
  '',
  ' ',
  '\u0000',
  '\ufeff{}',
  'null',
  'true',
  '0',
  '-0',
  '"texto"',
  '[]',
  '[1,2,3]',
  '{}',
  '{',
  '}',
  '{"id":',
  '{"id":"x"',
  '{"id":"x"}}',
  '{"id":"x"} trailing',
  "{'id':'x'}",
  '{id:"x"}',
  '{"id":"x",}',
  '{"id":NaN}',
  '{"id":Infinity}',
  '{"id":1e999999}',
  '{"id":-1e999999}',
  '{"id":123456789012345678901234567890}',
  '{"id":"\\ud800"}',
  '{"id":"\\u0000"}',
  '{"id":"\u0000"}',
  '{"id":"\\x41"}',
  '{"id":"a","id":"b"}',
  '{"__proto__":{"admin":true}}',
  '{"a":{"__proto__":{"admin":true}}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"__proto__":null}',
  '[{"__proto__":[]}]',
  `{"id":${'['.repeat(7_000)}${']'.repeat(7_000)}}`,
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
  `{"a":${'{"b":'.repeat(2_500)}null${'}'.repeat(2_500)}}`,
  `{"id":"${'a'.repeat(ONE_MIB)}"}`,
  `[${'0,'.repeat(ONE_MIB / 2)}0]`,
] as const;

/** Truncates or corrupts a JSON text somewhere. */
export function brokenJson(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(text, fc.nat(), fc.constantFrom('', '"', '{', '}', ',', ':', '\\', '\u0000', 'ÿ'))
    .map(([json, at, insert]) => {
      const cut = json.length === 0 ? 0 : at % json.length;
      return json.slice(0, cut) + insert + json.slice(cut + 1);
    });
}

/** Content types a client may send (undefined: none at all). */
export const contentTypes: fc.Arbitrary<string | undefined> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/JSON',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'application/json;;;',
      'application/json, text/plain',
      'application/vnd.api+json',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
      'text/html',
      'application/xml',
      'application/octet-stream',
      '*/*',
      'json',
      '',
      undefined,
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

/** A header value a real HTTP parser lets through: visible ASCII, spaces, tabs and obs-text. */
export const headerValue: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.string({
      unit: fc
        .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }))
        .map((code) => String.fromCharCode(code)),
      maxLength: 60,
    }),
  },
  { weight: 1, arbitrary: fc.constant('x'.repeat(8_000)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'Bearer',
      'Bearer ',
      'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
      'Basic Og==',
      'gzip',
      'br',
      'deflate',
      'identity',
      '127.0.0.1, 10.0.0.1, ::1',
      'null',
      'a=b; a=c; __proto__=x',
      'idp_session=x; idp_session.sig=y',
      'http://evil.example',
      '*',
      '0',
      '-1',
      '99999999999999999999',
    ),
  },
);

/** Request headers that could confuse a server, besides the body's content type. */
export const oddHeaders: fc.Arbitrary<Record<string, string>> = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'accept',
        'accept-encoding',
        'accept-language',
        'authorization',
        'content-encoding',
        'cookie',
        'if-none-match',
        'if-modified-since',
        'origin',
        'range',
        'referer',
        'user-agent',
        'x-forwarded-for',
        'x-forwarded-host',
        'x-forwarded-proto',
        'x-http-method-override',
        'x-request-id',
        'x-real-ip',
        '__proto__',
      ),
      headerValue,
    ),
    { maxLength: 3 },
  )
  .map((entries) => objectOf(entries) as Record<string, string>);

/** The answer's text, decoded when the server compressed it. */
export function answerText(res: LightMyRequestResponse): string {
  switch (res.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(res.rawPayload).toString('utf8');
    case 'gzip':
      return gunzipSync(res.rawPayload).toString('utf8');
    default:
      return res.body;
  }
}

/** Every table of the database, row by row, in a stable order (a string to compare). */
export const ALL_TABLES = [
  'accounts',
  'oidc_payloads',
  'directory_groups',
  'directory_memberships',
  'courses',
  'enrolments',
  'login_failures',
] as const satisfies readonly (keyof Database)[];

/**
 * Columns a request does not change but the app's background work does: the mail sender delivers
 * the outbox's messages whenever it runs, so which messages exist is compared, not how far their
 * delivery has gone.
 */
const BACKGROUND_COLUMNS: Partial<Record<keyof Database, readonly string[]>> = {
  mail_outbox: [
    'status',
    'attempts',
    'next_attempt_at',
    'lease_until',
    'claim_token',
    'last_error',
    'sent_at',
  ],
};

export async function snapshotDatabase(
  db: Kysely<Database>,
  tables: readonly (keyof Database)[] = ALL_TABLES,
): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) {
    const rows = await db.selectFrom(table).selectAll().execute();
    const background = BACKGROUND_COLUMNS[table] ?? [];
    parts.push(
      `${table}:${rows
        .map((row) =>
          JSON.stringify(
            Object.fromEntries(Object.entries(row).filter(([key]) => !background.includes(key))),
          ),
        )
        .sort()
        .join('\n')}`,
    );
  }
  return parts.join('\n\n');
}
