/**
 * 'Relatórios' read from the database: a year's classes with their places, enrolments by hour
 * after each opening, attendance per meeting, completions and the waiting list's history. Counts
 * only (no person is named); the same statements on SQLite and PostgreSQL. figures.ts shapes them.
 */
import { allCourses, getProgramme, heldMeetings, type Course } from '@centro/content';
import type { StaffReports } from '@centro/contracts';
import { sql } from 'kysely';
import { effectiveMeetings } from '../courses/effective-course.js';
import type { Db } from '../db/schema.js';
import { classYear, lengthPerDay, perHourAfter, saoPauloDate, sumBy } from './figures.js';

const n = (value: unknown): number => Number(value ?? 0);

/**
 * How a year's classes went; `year` absent: this year when it has classes (how the term is going),
 * else the newest year that has some.
 */
export async function readReports(
  db: Db,
  requestedYear?: number,
  now = new Date(),
): Promise<StaffReports> {
  const courses = new Map<string, Course>(allCourses().map((c) => [c.slug, c]));
  const rows = await db.selectFrom('classes').selectAll().orderBy('created_at').execute();
  const known = rows.flatMap((row) => {
    const course = courses.get(row.course_slug);
    if (!course) return [];
    const meetings = effectiveMeetings(course, row);
    return [{ row, course, meetings, year: classYear(meetings.firstMeeting, row.created_at) }];
  });
  const years = [...new Set(known.map((k) => k.year))].sort((a, b) => b - a);
  const thisYear = Number(saoPauloDate(now.toISOString()).slice(0, 4));
  const year = requestedYear ?? (years.includes(thisYear) ? thisYear : (years[0] ?? thisYear));
  const ofYear = known
    .filter((k) => k.year === year)
    .sort(
      (a, b) =>
        a.course.programme.localeCompare(b.course.programme) ||
        a.meetings.firstMeeting.localeCompare(b.meetings.firstMeeting) ||
        a.course.title.localeCompare(b.course.title, 'pt-BR'),
    );
  const ids = ofYear.map((k) => k.row.id);
  const empty = ids.length === 0;

  const [waitingNow, enrolled, attendance, completions, changes] = empty
    ? [[], [], [], [], []]
    : await Promise.all([
        db
          .selectFrom('waiting_list')
          .select(['class_id', sql<number>`count(*)`.as('people')])
          .where('class_id', 'in', ids)
          .where('active', '=', 1)
          .groupBy('class_id')
          .execute(),
        db
          .selectFrom('enrolments')
          .select(['class_id', 'created_at'])
          .where('class_id', 'in', ids)
          .execute(),
        db
          .selectFrom('attendance')
          .select([
            'class_id',
            'meeting',
            sql<number>`sum(present)`.as('present'),
            sql<number>`sum(1 - present)`.as('absent'),
          ])
          .where('class_id', 'in', ids)
          .groupBy(['class_id', 'meeting'])
          .orderBy('meeting')
          .execute(),
        db
          .selectFrom('completions')
          .select([
            'class_id',
            sql<number>`sum(concluded)`.as('completed'),
            sql<number>`sum(1 - concluded)`.as('not_completed'),
          ])
          .where('class_id', 'in', ids)
          .groupBy('class_id')
          .execute(),
        db
          .selectFrom('waiting_list_changes')
          .select(['class_id', 'change', 'at'])
          .where('class_id', 'in', ids)
          .execute(),
      ]);

  const waitingBy = new Map(waitingNow.map((w) => [w.class_id, n(w.people)]));
  const classes = ofYear.map(({ row, course }) => ({
    id: row.id,
    courseSlug: course.slug,
    courseTitle: course.title,
    programme: getProgramme(course.programme).name,
    name: row.name,
    state: row.state,
    places: row.places,
    taken: row.taken,
    waiting: waitingBy.get(row.id) ?? 0,
    opensAt: row.enrolment_opens_at,
  }));

  const enrolledBy = groupBy(enrolled, (e) => e.class_id);
  const openings = classes.flatMap((c) =>
    c.opensAt === null
      ? []
      : [
          {
            classId: c.id,
            opensAt: c.opensAt,
            ...perHourAfter(
              c.opensAt,
              (enrolledBy.get(c.id) ?? []).map((e) => e.created_at),
            ),
          },
        ],
  );

  const attendanceBy = groupBy(attendance, (a) => a.class_id);
  // Attendance numbers the meetings held (decision 091): a meeting's date is the held one's.
  const datesBy = new Map(
    ofYear.map((k) => [k.row.id, heldMeetings(k.meetings).map((m) => m.date)] as const),
  );
  const attendanceReport = classes.flatMap((c) => {
    const marks = attendanceBy.get(c.id);
    if (!marks) return [];
    const dates = datesBy.get(c.id) ?? [];
    return [
      {
        classId: c.id,
        meetings: marks.map((m) => ({
          meeting: m.meeting,
          date: dates[m.meeting - 1] ?? null,
          present: n(m.present),
          absent: n(m.absent),
        })),
      },
    ];
  });

  const completionBy = new Map(
    completions.map((c) => [
      c.class_id,
      { completed: n(c.completed), notCompleted: n(c.not_completed) },
    ]),
  );
  const concluded = ofYear.flatMap((k) => {
    const count = completionBy.get(k.row.id);
    return count ? [{ ...k, count }] : [];
  });
  const byClass = concluded.map((k) => ({
    key: k.row.id,
    label: `${k.course.title} · ${k.row.name}`,
    ...k.count,
  }));
  const byCourse = [
    ...sumBy(
      concluded,
      (k) => k.course.slug,
      (k) => k.count,
    ),
  ].map(([slug, count]) => ({ key: slug, label: courses.get(slug)?.title ?? slug, ...count }));
  const byYear = await completionByYear(db, known);

  const changesBy = groupBy(changes, (c) => c.class_id);
  const waiting = classes.flatMap((c) => {
    const list = changesBy.get(c.id);
    return list ? [{ classId: c.id, days: lengthPerDay(list) }] : [];
  });

  return {
    year,
    years,
    classes,
    openings,
    attendance: attendanceReport,
    completion: { byClass, byCourse, byYear },
    waiting,
  };
}

/** Completions of every year that has any, newest first. */
async function completionByYear(
  db: Db,
  known: readonly { row: { id: string }; year: number }[],
): Promise<StaffReports['completion']['byYear']> {
  const yearOf = new Map(known.map((k) => [k.row.id, k.year]));
  const rows = await db
    .selectFrom('completions')
    .select([
      'class_id',
      sql<number>`sum(concluded)`.as('completed'),
      sql<number>`sum(1 - concluded)`.as('not_completed'),
    ])
    .groupBy('class_id')
    .execute();
  const sums = sumBy(
    rows.filter((r) => yearOf.has(r.class_id)),
    (r) => String(yearOf.get(r.class_id)),
    (r) => ({ completed: n(r.completed), notCompleted: n(r.not_completed) }),
  );
  return [...sums]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([key, count]) => ({ key, label: key, ...count }));
}

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
