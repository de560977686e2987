// 'Relatórios' against a seeded year (npm run bench:reports): 20 courses × 2 classes × 40 people ×
// 10 meetings, with every enrolment, attendance mark and completion and a waiting list per class,
// on SQLite and, when it answers, on PostgreSQL. Times `readReports` (the whole answer of
// GET /api/staff/reports, without HTTP) BENCH_REPORTS_ROUNDS times (20) after 3 warm-up reads, and
// prints the median, the spread (min–max) and p90 per database with the machine's load; records
// nothing by itself (the figures are copied to docs/benchmarks.md).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { allCourses } from '@centro/content';
import { openDatabase } from '@centro/server/database';
import { readReports } from '@centro/server/reports';
import pg from 'pg';

const ROUNDS = Number(process.env.BENCH_REPORTS_ROUNDS ?? 20);
const CLASSES_PER_COURSE = 2;
const PEOPLE_PER_CLASS = 40;
const MEETINGS = 10;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Writes a year of classes for every course into the database of `handle`. */
async function seed(db) {
  const now = new Date().toISOString();
  const courses = allCourses();
  for (const course of courses) {
    await db
      .insertInto('courses')
      .values({ slug: course.slug, group_id: course.groupId, places: PEOPLE_PER_CLASS })
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
  }
  for (const course of courses) {
    for (let k = 0; k < CLASSES_PER_COURSE; k += 1) {
      const classId = randomUUID();
      const opensAt = new Date(Date.UTC(2027, k === 0 ? 1 : 6, 1, 12)).toISOString();
      await db
        .insertInto('classes')
        .values({
          id: classId,
          course_slug: course.slug,
          name: `Turma 2027/${k + 1}`,
          places: PEOPLE_PER_CLASS,
          state: 'concluded',
          enrolment_opens_at: opensAt,
          first_meeting: k === 0 ? '2027-03-06' : '2027-08-07',
          meeting_count: MEETINGS,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const people = Array.from({ length: PEOPLE_PER_CLASS }, () => randomUUID());
      await db
        .insertInto('enrolments')
        .values(
          people.map((person, i) => ({
            course_slug: course.slug,
            class_id: classId,
            user_id: person,
            status: 'confirmed',
            created_at: new Date(Date.parse(opensAt) + i * 900_000).toISOString(),
            updated_at: now,
            active: 0,
          })),
        )
        .execute();
      await db
        .insertInto('attendance')
        .values(
          people.flatMap((person, i) =>
            Array.from({ length: MEETINGS }, (_, m) => ({
              course_slug: course.slug,
              class_id: classId,
              meeting: m + 1,
              person_id: person,
              present: (i + m) % 4 === 0 ? 0 : 1,
              marked_by: 'bench',
              marked_at: now,
            })),
          ),
        )
        .execute();
      await db
        .insertInto('completions')
        .values(
          people.map((person, i) => ({
            person_id: person,
            course_slug: course.slug,
            class_id: classId,
            concluded: i % 5 === 0 ? 0 : 1,
            concluded_at: now,
            changed_by: null,
            reason: null,
          })),
        )
        .execute();
      await db
        .insertInto('waiting_list_changes')
        .values(
          Array.from({ length: 20 }, (_, i) => ({
            class_id: classId,
            change: i < 12 ? 1 : -1,
            at: new Date(Date.parse(opensAt) + i * 3_600_000 * 7).toISOString(),
          })),
        )
        .execute();
    }
  }
}

const median = (values) => values[Math.floor(values.length / 2)];

async function measure(label, handle) {
  await seed(handle.db);
  for (let i = 0; i < 3; i += 1) await readReports(handle.db, 2027);
  const times = [];
  let figures;
  for (let i = 0; i < ROUNDS; i += 1) {
    const start = performance.now();
    figures = await readReports(handle.db, 2027);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const load = loadavg()[0].toFixed(1);
  const round = (ms) => ms.toFixed(1);
  console.log(
    `| ${label} | ${figures.classes.length} classes, ${figures.attendance.length * MEETINGS} meetings | ${round(median(times))} | ${round(times[0])}–${round(times.at(-1))} | ${round(times[Math.floor(times.length * 0.9)])} | ${load} |`,
  );
}

const dir = await mkdtemp(path.join(tmpdir(), 'centro-bench-reports-'));
console.log(
  `Node ${process.version}, ${ROUNDS} reads after 3 warm-up, ${new Date().toISOString()}`,
);
console.log('| database | year | median ms | min–max ms | p90 ms | load (1 min) |');
console.log('| --- | --- | --- | --- | --- | --- |');
try {
  const sqlite = await openDatabase({ dataDir: dir });
  try {
    await measure('SQLite', sqlite);
  } finally {
    await sqlite.close();
  }
  const name = `bench_reports_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  const reachable = await admin.connect().then(
    () => true,
    (error) => {
      console.log(`PostgreSQL skipped: ${ADMIN_URL} does not answer (${error.message}).`);
      return false;
    },
  );
  if (reachable) {
    await admin.query(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const postgres = await openDatabase({ databaseUrl: url.toString(), dataDir: dir });
    try {
      await measure('PostgreSQL', postgres);
    } finally {
      await postgres.close();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
