/**
 * GET /api/courses/classes: every course's classes open or opening soon, by course slug.
 * The course page's one call for its enrolment box (places-left.tsx): a course's only class gives
 * what the availability gave (places, places left, window), several give the choice of a class.
 */
import type { PublicClass } from '@centro/contracts';
import type { apiPaths } from '@centro/contracts/paths';
import { checked, hasShape } from '~/lib/answer';
import { fetchJson } from '~/lib/api-client';

/**
 * `apiPaths.courseClasses`, written out so that the course pages do not carry the table of every
 * path (the public pages' JavaScript budget); its type keeps it equal to the table's.
 */
const CLASSES_PATH: (typeof apiPaths)['courseClasses'] = '/api/courses/classes';

const CLASS_SHAPE = {
  id: 'string',
  name: 'string',
  enrolment: ['not-open', 'open', 'closed'],
  weekday: 'string',
  time: 'string',
  firstMeeting: 'string',
  durationMinutes: 'number',
  places: 'number',
  placesLeft: 'number',
} as const;

/** The classes of every course, those the answer describes well (others are left out). */
export async function fetchClasses(): Promise<Record<string, PublicClass[]>> {
  const { courses } = checked<{ courses: Record<string, unknown> }>(
    await fetchJson(CLASSES_PATH),
    CLASSES_PATH,
    { courses: 'object' },
  );
  const result: Record<string, PublicClass[]> = {};
  for (const [slug, list] of Object.entries(courses)) {
    if (!Array.isArray(list)) continue;
    result[slug] = list
      .filter((item): item is PublicClass => hasShape<PublicClass>(item, CLASS_SHAPE))
      .map((item) => ({
        ...item,
        room: typeof item.room === 'string' ? item.room : null,
        opensAt: typeof item.opensAt === 'string' ? item.opensAt : null,
        closesAt: typeof item.closesAt === 'string' ? item.closesAt : null,
      }));
  }
  return result;
}
