/**
 * A course's settings as staff change them (places, invite code, enrolment window,
 * meetings; null = the content's default), applied at once: the availability and the enrolment
 * read them from the database. Settings go through the enrolment (`changeClass`), so more places
 * go to the waiting list in the same transaction.
 */
import { type Course, wallClockAt, weekdayOf, weekdays, zonedInstant } from '@centro/content';
import type {
  StaffCourseSettings,
  StaffCourseSettingsResponse,
  StaffSettingChange,
} from '@centro/contracts';
import type { ClassRow } from './class-store.js';
import { storedSettings } from '../courses/course-store.js';
import { effectiveMeetings } from '../courses/effective-course.js';
import { classRetentionDue } from '../enrolment/rules.js';
import { classOf, record, type StaffActor, type ClassContext, writableClassOf } from './context.js';
import { Refusal } from '../refusals/refusal.js';
import { InvalidSettingsError, PlacesBelowTakenError } from '../staff/errors.js';

/** "YYYY-MM-DDTHH:MM" in São Paulo for a UTC instant. */
export function localDateTime(instant: string): string {
  const { year, month, day, hour, minute } = wallClockAt(instant);
  return `${year}-${month}-${day}T${hour}:${minute}`;
}

/** The UTC instant of a São Paulo "YYYY-MM-DDTHH:MM". */
export function utcInstant(local: string): string {
  const [date = '', time = ''] = local.split('T');
  return zonedInstant(date, time).toISOString();
}

/**
 * Refuses a first meeting that puts the class past its retention already (a year mistyped, 2016
 * for 2026): the next daily run would anonymise its people and take them out of the group.
 * @throws InvalidSettingsError on `firstMeeting`
 */
export function refusePastRetention(ctx: ClassContext, firstMeeting: string, count: number): void {
  const months = ctx.retentionMonths;
  if (months !== undefined && classRetentionDue(firstMeeting, count, months, ctx.now())) {
    throw new InvalidSettingsError(
      'Com essa data, os dados da turma já estariam fora do prazo de guarda e seriam anonimizados. Confira o ano.',
      'firstMeeting',
    );
  }
}

function settingsAnswer(course: Course, row: ClassRow): StaffCourseSettingsResponse {
  const meetings = effectiveMeetings(course, row);
  const stored = storedSettings(row);
  return {
    slug: course.slug,
    title: course.title,
    settings: {
      places: stored.places,
      inviteCode: stored.inviteCode,
      opensAt: stored.opensAt && localDateTime(stored.opensAt),
      closesAt: stored.closesAt && localDateTime(stored.closesAt),
      firstMeeting: stored.firstMeeting,
      time: stored.time,
      count: stored.count,
      durationMinutes: stored.durationMinutes,
      room: stored.room,
    },
    defaults: {
      places: course.places,
      inviteCode: course.inviteCode,
      firstMeeting: course.meetings.firstMeeting,
      weekday: course.meetings.weekday,
      time: course.meetings.time,
      count: course.meetings.count,
      durationMinutes: course.meetings.durationMinutes,
      room: course.meetings.room ?? null,
    },
    taken: row.taken,
    weekday: meetings.weekday,
    classId: row.id,
  };
}

/** Each stored setting that differs between two rows, before and after (null: the default). */
export function settingChanges(
  course: Course,
  before: ClassRow,
  after: ClassRow,
): StaffSettingChange[] {
  const was = settingsAnswer(course, before).settings;
  const is = settingsAnswer(course, after).settings;
  return (Object.keys(is) as (keyof StaffCourseSettings)[])
    .filter((field) => was[field] !== is[field])
    .map((field) => ({ field, before: was[field], after: is[field] }));
}

export async function settings(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  turma?: string,
): Promise<StaffCourseSettingsResponse> {
  const { course, row } = await classOf(ctx, slug, turma);
  await record(ctx, actor, 'settings.view', { course: slug, details: { class: row.id } });
  return settingsAnswer(course, row);
}

/**
 * Stores the class's settings (null: the content's default), applied at once: the availability
 * and the enrolment read them from the database. A concluded class is read-only.
 * @throws PlacesBelowTakenError, InvalidSettingsError, StaffCourseNotFoundError, Refusal
 *   classNotFound, classReadOnly
 */
export async function updateSettings(
  ctx: ClassContext,
  actor: StaffActor,
  slug: string,
  settings: StaffCourseSettings,
  turma?: string,
): Promise<StaffCourseSettingsResponse> {
  const { course, row: before } = await writableClassOf(ctx, slug, turma);
  const opensAt = settings.opensAt === null ? null : utcInstant(settings.opensAt);
  const closesAt = settings.closesAt === null ? null : utcInstant(settings.closesAt);
  if (opensAt !== null && closesAt !== null && closesAt <= opensAt) {
    throw new InvalidSettingsError(
      'O encerramento das inscrições deve ser depois da abertura.',
      'closesAt',
    );
  }
  const firstMeeting = settings.firstMeeting ?? course.meetings.firstMeeting;
  const time = settings.time ?? course.meetings.time;
  const duration = settings.durationMinutes ?? course.meetings.durationMinutes;
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  if (hours * 60 + minutes + duration > 24 * 60) {
    throw new InvalidSettingsError(
      'O encontro precisa terminar no mesmo dia em que começa.',
      'durationMinutes',
    );
  }
  const weekday = weekdayOf(firstMeeting);
  if (!weekdays.includes(weekday))
    throw new InvalidSettingsError('Data do primeiro encontro inválida.', 'firstMeeting');
  // Only a date staff give: the content's default is not theirs to correct here.
  if (settings.firstMeeting !== null) {
    refusePastRetention(ctx, settings.firstMeeting, settings.count ?? course.meetings.count);
  }
  // Under the class's lock (decision 052); more places (or enrolment reopened) go to its waiting
  // list in the same transaction, and a change of meetings is told to the class's participants
  // (decision 055).
  // A conclusion since the check above is seen here, under the lock: refused, as read-only.
  // Staff are told how many were e-mailed (a retried transaction says its last count); a first
  // invite goes to the people told it would come (decision 077).
  let notified = 0;
  const stored = await ctx.enrolment.changeClass(
    before.id,
    ctx.notices.withInviteNotices(
      course,
      ctx.now(),
      ctx.notices.withMeetingNotices(
        course,
        async (trx, classId) =>
          (await ctx.roster.concludedIn(classId, trx))
            ? ('read-only' as const)
            : ctx.courseStore.updateSettings(
                classId,
                {
                  ...settings,
                  opensAt,
                  closesAt,
                  // The weekday follows the first meeting's date (stored only when the date is).
                  weekday: settings.firstMeeting === null ? null : weekday,
                },
                course.places,
                trx,
              ),
        (people) => (notified = people),
      ),
    ),
  );
  if (stored === 'read-only') throw new Refusal('classReadOnly');
  const { row } = await classOf(ctx, slug, before.id);
  if (!stored) throw new PlacesBelowTakenError(row.taken);
  await record(ctx, actor, 'settings.update', {
    course: slug,
    details: { class: row.id, changes: settingChanges(course, before, row) },
  });
  return { ...settingsAnswer(course, row), notified };
}
