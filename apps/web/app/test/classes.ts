import type { PublicClass } from '@centro/contracts';

/** A course's class as GET /api/courses/classes gives it: open, 12 of 40 places left. */
export const aClass = (fields: Partial<PublicClass> = {}): PublicClass => ({
  id: 'k1',
  name: 'Turma 2027/1',
  state: 'open',
  enrolment: 'open',
  weekday: 'tuesday',
  time: '20:00',
  firstMeeting: '2027-03-02',
  meetingCount: 10,
  durationMinutes: 90,
  room: 'Sala 2',
  places: 40,
  placesLeft: 12,
  opensAt: null,
  closesAt: null,
  ...fields,
});
