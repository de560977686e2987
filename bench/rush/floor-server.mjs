// The enrolment's floor: the least an enrolment must do with today's guarantees, written
// plainly and not tuned, so that the product's POST /api/group/add can be measured against it.
//   - node:http, nothing else in front: read the JSON body, check the API token's HS256 signature
//     (the product's own token format), that it is unexpired and bound to the body's `user`;
//   - one durable transaction that takes a place (the class's count, only while below its places),
//     writes the enrolment (a person at most once), the group membership and the confirmation
//     e-mail's outbox row; on SQLite with the product's durability (WAL, synchronous = NORMAL), on
//     PostgreSQL as one statement through node-postgres;
//   - the same JSON answer as the product (200 with the course, group and link; 409 `course_full`).
// Started as a child process by servers.mjs: PORT, API_TOKEN_SECRET and FLOOR_SQLITE (a file) or
// FLOOR_DATABASE_URL; prints "listening" once it accepts connections. Its tables are its own
// (floor_*), created here; servers.mjs sets each course's places with setFloorPlaces below.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'centro-api+jwt' })).toString(
  'base64url',
);
const FULL = JSON.stringify({
  error: 'course_full',
  message: 'Vagas esgotadas para este curso.',
});
const INVALID = JSON.stringify({ error: 'invalid_token', message: 'Sessão inválida.' });

export const FLOOR_TABLES = [
  `create table if not exists floor_places (group_id text primary key, course text not null,
     places integer not null, taken integer not null default 0, invite text not null)`,
  `create table if not exists floor_enrolments (group_id text not null, user_id text not null,
     created_at text not null, primary key (group_id, user_id))`,
  `create table if not exists floor_members (group_id text not null, user_id text not null,
     primary key (group_id, user_id))`,
  `create table if not exists floor_outbox (id bigserial primary key, user_id text not null,
     group_id text not null, created_at text not null)`,
];

/** The person the token speaks for, or undefined when its signature, expiry or shape is wrong. */
function subjectOf(token, key) {
  if (typeof token !== 'string' || !token.startsWith(`${HEADER}.`)) return undefined;
  const dot = token.lastIndexOf('.');
  const mac = createHmac('sha256', key).update(token.slice(0, dot)).digest();
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  if (given.length !== mac.length || !timingSafeEqual(given, mac)) return undefined;
  const claims = JSON.parse(Buffer.from(token.slice(HEADER.length + 1, dot), 'base64url'));
  return claims.exp > Date.now() / 1000 ? claims.sub : undefined;
}

/** SQLite: one immediate transaction; answers the course row or 'full' / 'again'. */
async function sqliteEnrol(file) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  for (const table of FLOOR_TABLES) db.exec(table.replace('bigserial', 'integer'));
  const take = db.prepare(
    'update floor_places set taken = taken + 1 where group_id = ? and taken < places returning course, invite',
  );
  const enrol = db.prepare(
    'insert into floor_enrolments (group_id, user_id, created_at) values (?, ?, ?) on conflict do nothing',
  );
  const member = db.prepare('insert into floor_members (group_id, user_id) values (?, ?)');
  const queue = db.prepare(
    'insert into floor_outbox (user_id, group_id, created_at) values (?, ?, ?)',
  );
  const enrolment = db.transaction((group, user) => {
    const now = new Date().toISOString();
    if (enrol.run(group, user, now).changes === 0) return 'again';
    const row = take.get(group);
    if (!row) throw new Full();
    member.run(group, user);
    queue.run(user, group, now);
    return row;
  });
  return (group, user) => {
    try {
      return enrolment.immediate(group, user);
    } catch (error) {
      if (error instanceof Full) return 'full';
      throw error;
    }
  };
}

class Full extends Error {}

/** PostgreSQL: one statement (the unique key keeps a person from a second place). */
async function postgresEnrol(url) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  for (const table of FLOOR_TABLES) await pool.query(table);
  const statement = `
    with took as (
      update floor_places set taken = taken + 1
      where group_id = $1 and taken < places
      returning group_id, course, invite),
    enrolled as (
      insert into floor_enrolments (group_id, user_id, created_at)
      select group_id, $2, now()::text from took returning group_id),
    member as (insert into floor_members (group_id, user_id) select group_id, $2 from enrolled),
    queued as (
      insert into floor_outbox (user_id, group_id, created_at)
      select $2, group_id, now()::text from enrolled)
    select course, invite from took`;
  return async (group, user) => {
    try {
      const { rows } = await pool.query(statement, [group, user]);
      return rows[0] ?? 'full';
    } catch (error) {
      if (error.code === '23505') return 'again';
      throw error;
    }
  };
}

function answer(response, status, body) {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(body);
}

async function main() {
  const key = Buffer.from(process.env.API_TOKEN_SECRET);
  const enrol = process.env.FLOOR_DATABASE_URL
    ? await postgresEnrol(process.env.FLOOR_DATABASE_URL)
    : await sqliteEnrol(process.env.FLOOR_SQLITE);
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', async () => {
      try {
        const { group, user, token } = JSON.parse(Buffer.concat(chunks));
        if (subjectOf(token, key) !== user) return answer(response, 401, INVALID);
        const groupId = String(group).toLowerCase();
        const row = await enrol(groupId, user);
        if (row === 'full') return answer(response, 409, FULL);
        const alreadyEnrolled = row === 'again';
        const course = alreadyEnrolled ? '' : row.course;
        const groupLink = alreadyEnrolled ? null : `https://chat.whatsapp.com/${row.invite}`;
        answer(
          response,
          200,
          JSON.stringify({
            data: { course, group, status: 'enrolled', alreadyEnrolled, groupLink },
          }),
        );
      } catch {
        answer(response, 400, JSON.stringify({ error: 'bad_request', message: 'Inválido.' }));
      }
    });
  });
  server.listen(Number(process.env.PORT), '127.0.0.1', () => console.info('listening'));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
