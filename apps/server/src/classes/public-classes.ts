/**
 * A class as a visitor sees it (`GET /api/courses/classes`), pure: its meetings in
 * effect (the class's settings over the content's), its places left and whether it takes
 * enrolments now. Never the invite code: the WhatsApp link is given on enrolment only.
 */
import type { Course } from '@centro/content';
import type { PublicClass } from '@centro/contracts';
import { classEnrolmentState } from './class-rules.js';
import type { ClassRow } from './class-store.js';
import { settingsColumnsOf } from '../courses/course-store.js';
import { effectiveMeetings } from '../courses/effective-course.js';

export function publicClass(row: ClassRow, course: Course, now: string): PublicClass {
  const meetings = effectiveMeetings(course, settingsColumnsOf(row));
  return {
    id: row.id,
    name: row.name,
    state: row.state === 'planned' ? 'planned' : 'open',
    enrolment: classEnrolmentState(
      { state: row.state, opensAt: row.enrolment_opens_at, closesAt: row.enrolment_closes_at },
      now,
    ),
    weekday: meetings.weekday,
    time: meetings.time,
    firstMeeting: meetings.firstMeeting,
    meetingCount: meetings.count,
    durationMinutes: meetings.durationMinutes,
    room: meetings.room,
    places: row.places,
    // Never negative: places lowered below the places taken keep the enrolments.
    placesLeft: Math.max(0, row.places - row.taken),
    opensAt: row.enrolment_opens_at,
    closesAt: row.enrolment_closes_at,
  };
}
