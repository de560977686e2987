/**
 * The enrolment's check of a course's prerequisites (decision 061), before a place is taken or the
 * waiting list joined: the courses required (the content's default, or Coordenação's list) that
 * the person has not concluded, unless they have an exception ('Liberar inscrição'). One read by
 * primary key for a course that requires nothing; two more, at once, for one that does.
 */
import type { Course } from '@centro/content';
import { missingCourses, requiredCourses } from '../courses/prerequisite-rules.js';
import type { PrerequisiteStore } from '../courses/prerequisite-store.js';
import { Refusal } from '../refusals/refusal.js';

export type PrerequisiteCheck = (userId: string, courseSlug: string) => Promise<void>;

/** @throws Refusal prerequisiteMissing, naming the missing courses' titles */
export function requirePrerequisites(
  store: Pick<PrerequisiteStore, 'override' | 'concludedAmong' | 'hasException'>,
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
    throw new Refusal('prerequisiteMissing', { details: { titles } });
  };
}
