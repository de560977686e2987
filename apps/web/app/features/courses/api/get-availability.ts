/**
 * GET /api/courses/availability: places, places left and the enrolment window (state and instants,
 * the server's clock) by course slug.
 */
import type { AvailabilityResponse } from '@centro/contracts';
import type { apiPaths } from '@centro/contracts/paths';
import { checked, hasShape } from '~/lib/answer';
import { fetchJson } from '~/lib/api-client';

/**
 * `apiPaths.availability`, written out so that the course pages' first load does not carry the
 * table of every path (the public pages' JavaScript budget); its type keeps it equal to the table's.
 */
const AVAILABILITY_PATH: (typeof apiPaths)['availability'] = '/api/courses/availability';

/** One course's places, as the API answers them. */
export type Availability = AvailabilityResponse['courses'][string];

/** The places of every course the answer describes well (others are left out). */
export async function fetchAvailability(): Promise<Record<string, Availability>> {
  const { courses } = checked<{ courses: Record<string, Partial<Availability>> }>(
    await fetchJson(AVAILABILITY_PATH),
    AVAILABILITY_PATH,
    { courses: 'object' },
  );
  const result: Record<string, Availability> = {};
  for (const [slug, value] of Object.entries(courses)) {
    if (hasShape<Availability>(value, { places: 'number', placesLeft: 'number' })) {
      const state =
        value.state === 'not-open' || value.state === 'closed' ? value.state : ('open' as const);
      result[slug] = {
        places: value.places,
        placesLeft: value.placesLeft,
        state,
        opensAt: typeof value.opensAt === 'string' ? value.opensAt : null,
        closesAt: typeof value.closesAt === 'string' ? value.closesAt : null,
      };
    }
  }
  return result;
}
