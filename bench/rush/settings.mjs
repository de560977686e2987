// The rush benchmark's settings (command line and environment, documented at the top of rush.mjs),
// its targets and scenarios, and the people and bodies it sends.
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { allCourses } from '@centro/content';
import { createApiTokens } from '@centro/server/api-tokens';

export const args = new Set(process.argv.slice(2));
export const RUNS = Number(process.env.RUSH_RUNS ?? 3);
export const PEOPLE = Number(process.env.RUSH_PEOPLE ?? 2000);
export const CONNECTIONS = Number(process.env.RUSH_CONNECTIONS ?? 200);
/** Rushes the hello-world ceiling is measured over, per run (see measureCeiling). */
export const CEILING_ROUNDS = Number(process.env.RUSH_CEILING_ROUNDS ?? 5);
/** Warm-up enrolments into a third course with half as many places: both answers' code runs warm. */
export const WARM_UP = Number(process.env.RUSH_WARM_UP ?? 8000);
export const ADMIN_URL =
  process.env.RUSH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const CPU_PROF = process.env.RUSH_CPU_PROF;
/** Above the requests of one run from the bench's one address (see step 2 above). */
export const RATE_LIMIT_API_PER_MINUTE = 60_000;
/** Idle time before each measured rush when profiling (RUSH_CPU_PROF). */
export const PROFILE_GAP_MS = 1500;
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const SECRET = `rush-${randomBytes(32).toString('base64url')}`;
/** The first targets, on the embedded default, scenario b. */
export const TARGET_ACCEPTED_PER_SECOND = 2000;
export const TARGET_P99_MS = 100;
/** Targets against the hello-world of the same run; PostgreSQL, two instances. */
export const TARGET_CPU_RATIO = 2;
export const TARGET_P99_RATIO = 1.5;
export const TARGET_POSTGRES_ACCEPTED_PER_SECOND = 1500;
/** Target: the enrolment's CPU and p99 against its floor's (floor-server.mjs). */
export const TARGET_FLOOR_RATIO = 1.5;
/** Target: a person's whole enrolment against the floor's single request. */
export const TARGET_JOURNEY_RATIO = 3;

export const [fullCourse, bigCourse, warmCourse, twoClassCourse] = allCourses();
export const onlyScenario = process.argv.find((a) => a.startsWith('--scenario='))?.slice(11);
export const scenarios = [
  { id: 'a', course: fullCourse, places: 40, people: PEOPLE },
  { id: 'b', course: bigCourse, places: PEOPLE, people: PEOPLE },
  // Two classes of one course open at once, each person naming one (`turma`), the
  // classes alternating; each class has 40 % of the people as places, so each must fill exactly.
  { id: 'c', course: twoClassCourse, places: PEOPLE * 0.4, people: PEOPLE, classes: 2 },
].filter((s) => !onlyScenario || s.id === onlyScenario);
export const targets = [
  { id: 'sqlite', label: 'SQLite (embedded default)', instances: 1 },
  { id: 'postgres', label: 'PostgreSQL', instances: 2 },
].filter(
  (t) =>
    !(args.has('--sqlite-only') && t.id !== 'sqlite') &&
    !(args.has('--postgres-only') && t.id !== 'postgres'),
);

export const FASTIFY_VERSION = createRequire(import.meta.url)('fastify/package.json').version;
export const tokens = createApiTokens({ secret: Buffer.from(SECRET) });

/** The directory ids of `count` new people. */
export function peopleFor(count) {
  return Array.from({ length: count }, () => randomUUID());
}

/**
 * Each person's enrolment in `course`, with a valid API token of theirs (the spec's body); with
 * `classIds`, each names one of them in turn (`turma`).
 */
export function bodiesFor(people, course, classIds = []) {
  return people.map((user, i) =>
    JSON.stringify({
      group: course.groupId,
      user,
      token: tokens.issueForUser(user).token,
      ...(classIds.length ? { turma: classIds[i % classIds.length] } : {}),
    }),
  );
}

/**
 * Gives the course `count` open classes (copies of its first, each with its own id and name), as
 * staff would with 'Nova turma' and 'Abrir inscrições'; answers their ids, oldest first.
 */
export async function openClasses(db, course, count) {
  const rows = await db
    .selectFrom('classes')
    .selectAll()
    .where('course_slug', '=', course.slug)
    .orderBy('created_at')
    .execute();
  for (let i = rows.length; i < count; i++) {
    await db
      .insertInto('classes')
      .values({ ...rows[0], id: randomUUID(), name: `Turma ${i + 1}`, taken: 0, state: 'open' })
      .execute();
  }
  const ids = await db
    .selectFrom('classes')
    .select('id')
    .where('course_slug', '=', course.slug)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return ids.map((r) => r.id);
}

export async function setPlaces(db, course, places) {
  await db.updateTable('classes').set({ places }).where('course_slug', '=', course.slug).execute();
}
