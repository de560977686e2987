/** Attendance at the door: the menu's texts, the meeting the screen opens on, when marking opens. */
import { describe, expect, it } from 'vitest';
import {
  canMark,
  formatMeetingOption,
  meetingToOpen,
  notMarkableYetMessage,
  scheduledMeetings,
} from './attendance-meetings.js';

// Tuesdays at 19:30 in São Paulo (UTC-3): 22:30 UTC.
const meetings = { firstMeeting: '2026-02-24', count: 3, time: '19:30' };
const dates = ['2026-02-24', '2026-03-03', '2026-03-10'];

describe('attendance meetings', () => {
  it('lists each meeting with its date and start in São Paulo', () => {
    const list = scheduledMeetings(meetings);
    expect(list.map((m) => m.date)).toEqual(dates);
    expect(list[2]?.start.toISOString()).toBe('2026-03-10T22:30:00.000Z');
    expect(formatMeetingOption(3, '2026-03-10')).toBe('3º encontro — ter, 10/03');
    expect(formatMeetingOption(1, '2026-03-07')).toBe('1º encontro — sáb, 07/03');
  });

  it("opens on today's meeting (São Paulo's day), else the next, else the last", () => {
    // 01:00 UTC on 4 March is still 3 March (22:00) in São Paulo: that day's meeting.
    expect(meetingToOpen(dates, new Date('2026-03-04T01:00:00Z'))).toBe(2);
    expect(meetingToOpen(dates, new Date('2026-03-03T10:00:00Z'))).toBe(2);
    expect(meetingToOpen(dates, new Date('2026-03-05T12:00:00Z'))).toBe(3);
    expect(meetingToOpen(dates, new Date('2026-01-01T12:00:00Z'))).toBe(1);
    expect(meetingToOpen(dates, new Date('2026-04-01T12:00:00Z'))).toBe(3);
    expect(meetingToOpen([], new Date('2026-04-01T12:00:00Z'))).toBe(1);
  });

  it('marks a meeting from an hour before its start, never one further ahead', () => {
    const start = new Date('2026-03-10T22:30:00Z');
    expect(canMark(start, new Date('2026-03-10T21:29:59Z'))).toBe(false);
    expect(canMark(start, new Date('2026-03-10T21:30:00Z'))).toBe(true);
    expect(canMark(start, new Date('2026-04-10T00:00:00Z'))).toBe(true);
    expect(canMark(start, new Date('2026-03-03T22:30:00Z'))).toBe(false);
    expect(notMarkableYetMessage(start)).toBe(
      'Este encontro ainda não aconteceu: a presença pode ser marcada a partir de ter, 10/03, às 18h30.',
    );
  });
});
