/** The meeting helpers: dates, instants in America/Sao_Paulo, the next meeting, pt-BR texts. */
import { describe, expect, it } from 'vitest';
import { centre } from './content.js';
import {
  addMinutes,
  formatFirstMeeting,
  formatMeetingCount,
  formatMeetingPlace,
  formatWeeklySlot,
  meetingDates,
  meetingStart,
  timeZoneOffsetMinutes,
  wallClockAt,
  weekdayOf,
  zonedInstant,
} from './meetings.js';
import { nextMeeting } from './class-meetings.js';
import type { CourseMeetings } from './schema.js';

const meetings: CourseMeetings = {
  firstMeeting: '2026-03-07',
  weekday: 'saturday',
  time: '15:00',
  count: 4,
  durationMinutes: 90,
  room: 'Sala 2',
};

describe('meetings', () => {
  it('reads the wall clock in São Paulo, zero-padded, midnight as 00 and across a year end', () => {
    expect(wallClockAt('2027-01-01T02:05:00Z')).toEqual({
      year: '2026',
      month: '12',
      day: '31',
      hour: '23',
      minute: '05',
    });
    expect(wallClockAt(new Date('2026-03-07T03:00:00Z'))).toEqual({
      year: '2026',
      month: '03',
      day: '07',
      hour: '00',
      minute: '00',
    });
    expect(wallClockAt('2026-01-10T15:00:00Z', 'America/New_York').hour).toBe('10');
  });

  it('lists one date a week from the first, across a month and a year end', () => {
    expect(meetingDates(meetings)).toEqual([
      '2026-03-07',
      '2026-03-14',
      '2026-03-21',
      '2026-03-28',
    ]);
    expect(meetingDates({ firstMeeting: '2026-12-24', count: 3 })).toEqual([
      '2026-12-24',
      '2026-12-31',
      '2027-01-07',
    ]);
    expect(meetingDates(meetings).map(weekdayOf)).toEqual(Array(4).fill('saturday'));
  });

  it('starts each meeting at its wall-clock time in São Paulo (UTC-3, no summer time since 2019)', () => {
    expect(meetingStart(meetings, '2026-03-07').toISOString()).toBe('2026-03-07T18:00:00.000Z');
    expect(zonedInstant('2026-12-05', '17:30').toISOString()).toBe('2026-12-05T20:30:00.000Z');
    expect(timeZoneOffsetMinutes(new Date('2026-01-15T12:00:00Z'), 'America/Sao_Paulo')).toBe(-180);
  });

  it('follows a zone with summer time (runtime time zone data)', () => {
    expect(zonedInstant('2026-01-10', '10:00', 'America/New_York').toISOString()).toBe(
      '2026-01-10T15:00:00.000Z',
    );
    expect(zonedInstant('2026-07-10', '10:00', 'America/New_York').toISOString()).toBe(
      '2026-07-10T14:00:00.000Z',
    );
  });

  it('finds the next meeting after an instant, none once the course is over', () => {
    expect(nextMeeting(meetings, new Date('2026-01-01T00:00:00Z'))?.date).toBe('2026-03-07');
    // 15:00 in São Paulo is 18:00 UTC: at 17:59 UTC the first meeting is still ahead.
    expect(nextMeeting(meetings, new Date('2026-03-07T17:59:00Z'))?.date).toBe('2026-03-07');
    expect(nextMeeting(meetings, new Date('2026-03-07T18:00:00Z'))?.date).toBe('2026-03-14');
    expect(nextMeeting(meetings, new Date('2026-03-28T18:00:00Z'))).toBeUndefined();
  });

  it('writes the first meeting, the weekly slot and the count in pt-BR', () => {
    expect(formatFirstMeeting(meetings)).toBe('sábado, 07/03/2026, às 15h00');
    expect(formatWeeklySlot(meetings)).toBe('Todo sábado, das 15h00 às 16h30');
    expect(formatWeeklySlot({ weekday: 'thursday', time: '19:30', durationMinutes: 120 })).toBe(
      'Toda quinta-feira, das 19h30 às 21h30',
    );
    expect(formatMeetingCount(1)).toBe('1 encontro');
    expect(formatMeetingCount(12)).toBe('12 encontros');
    expect(addMinutes('23:00', 59)).toBe('23:59');
  });

  it("places the meeting at the centre's address unless the course has its own", () => {
    expect(formatMeetingPlace(meetings, centre.address)).toBe(
      `Sala 2 – ${centre.address.street} - ${centre.address.district}, ${centre.address.city} - ${centre.address.state}, CEP ${centre.address.postalCode}`,
    );
    const elsewhere = { ...centre.address, street: 'Av. Brasil, 9' };
    expect(formatMeetingPlace({ address: elsewhere }, centre.address)).toMatch(
      /^Av\. Brasil, 9 - /,
    );
  });
});
