import { describe, expect, it, vi } from 'vitest';
import { fetchClasses } from './get-classes';

describe('fetchClasses', () => {
  it("reads each course's classes, leaving out those it cannot read", async () => {
    const good = {
      id: 'k1',
      name: 'Turma 2027/1',
      state: 'open',
      enrolment: 'open',
      weekday: 'tuesday',
      time: '20:00',
      firstMeeting: '2027-03-02',
      meetingCount: 10,
      durationMinutes: 90,
      places: 40,
      placesLeft: 3,
    };
    vi.stubGlobal('fetch', async (url: string) =>
      url === '/api/courses/classes'
        ? Response.json({
            courses: { passe: [good, { ...good, id: 'k2', placesLeft: 'x' }], prece: 'x' },
          })
        : Response.json({}, { status: 404 }),
    );
    expect(await fetchClasses()).toEqual({
      passe: [{ ...good, room: null, opensAt: null, closesAt: null }],
    });
  });
});
