/**
 * Completion of a concluded class, pure: a participant concluded ('Concluiu')
 * when their attendance reaches the course's minimum share of its meetings, else 'Não concluiu'.
 */

/** The minimum attendance when the course sets none (a per-course setting can come later). */
export const DEFAULT_MINIMUM_ATTENDANCE_PERCENT = 75;

/**
 * Whether `present` meetings of `meetings` reach `minimumPercent` (in whole numbers, so 3 of 4 is
 * exactly 75 %). A class without meetings concludes nobody.
 */
export function completes(
  present: number,
  meetings: number,
  minimumPercent: number = DEFAULT_MINIMUM_ATTENDANCE_PERCENT,
): boolean {
  if (meetings <= 0) return false;
  return Math.min(present, meetings) * 100 >= minimumPercent * meetings;
}
