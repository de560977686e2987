/** What the programmes' course lists share: their weekly meetings. */
import type { CourseMeetings, Weekday } from '../schema.js';

/**
 * A programme's weekly meetings, each of 90 minutes at the centre, from its first meeting on: a
 * course's are `weekly(count, room)`.
 */
export const weeklyMeetings =
  (firstMeeting: string, weekday: Weekday, time: string) =>
  (count: number, room: string): CourseMeetings => ({
    firstMeeting,
    weekday,
    time,
    count,
    durationMinutes: 90,
    room,
  });
