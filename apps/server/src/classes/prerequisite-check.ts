/**
 * The enrolment's check of a course's prerequisites (decision 061), before a place is taken or the
 * waiting list joined: the courses required (the content's default, or Coordenação's list) that
 * the person has not concluded, unless they have an exception ('Liberar inscrição'). One read by
 * primary key for a course that requires nothing; two more, at once, for one that does.
 */
import type { Course } from '@centro/content';
import { missingCourses, requiredCourses } from './prerequisite-rules.js';
import type { PrerequisiteStore } from './prerequisite-store.js';
import { Refusal } from '../refusals/refusal.js';
import { DEFAULT_MINIMUM_ATTENDANCE_PERCENT } from './completion-rules.js';

export type PrerequisiteCheck = (userId: string, courseSlug: string) => Promise<void>;

/** @throws Refusal prerequisiteMissing, naming the missing courses' titles */
export function requirePrerequisites(
  store: Pick<
    PrerequisiteStore,
    'override' | 'concludedAmong' | 'hasException' | 'notConcludedAmong'
  >,
  courses: readonly Course[],
): PrerequisiteCheck {
  const bySlug = new Map(courses.map((c) => [c.slug, c]));
  return async (userId, courseSlug) => {
    const required = requiredCourses(
      bySlug.get(courseSlug)?.prerequisites,
      await store.override(courseSlug),
    );
    if (required.length === 0) return;
    const [concluded, excepted] = await Promise.all([
      store.concludedAmong(userId, required),
      store.hasException(courseSlug, userId),
    ]);
    const missing = missingCourses(required, concluded, excepted);
    if (missing.length === 0) return;
    const titles = missing.map((slug) => bySlug.get(slug)?.title ?? slug);
    // Someone who took a missing course here reads their own attendance, not the sentence for
    // newcomers from another centre (decision 077).
    const taken = await store.notConcludedAmong(userId, missing);
    const course = taken && bySlug.get(taken.courseSlug);
    const attended = course && {
      title: course.title,
      present: taken.present ?? 0,
      meetings: taken.meetings ?? course.meetings.count,
      minimumPercent: DEFAULT_MINIMUM_ATTENDANCE_PERCENT,
    };
    throw new Refusal('prerequisiteMissing', {
      details: { titles, ...(attended ? { attended } : {}) },
    });
  };
}
