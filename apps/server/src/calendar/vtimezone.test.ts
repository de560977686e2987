/** The VTIMEZONE built from Intl, read back with ical.js (a calendar parser, not our own code). */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { offsetTransitions, vtimezone } from './vtimezone.js';

describe('vtimezone', () => {
  it('describes São Paulo as UTC-3 throughout', () => {
    const zone = vtimezone(
      'America/Sao_Paulo',
      new Date('2026-10-01T00:00:00Z'),
      new Date('2027-03-01T00:00:00Z'),
    );
    expect(zone).toContain('TZOFFSETTO:-0300');
    expect(zone).not.toContain('DAYLIGHT');
  });

  it('lists the changes of a zone with summer time, which ical.js then applies', () => {
    const from = new Date('2026-02-01T00:00:00Z');
    const to = new Date('2026-12-01T00:00:00Z');
    expect(offsetTransitions('America/New_York', from, to)).toEqual([
      { at: Date.parse('2026-03-08T07:00:00Z'), from: -300, to: -240 },
      { at: Date.parse('2026-11-01T06:00:00Z'), from: -240, to: -300 },
    ]);
    const zone = new ICAL.Timezone(
      new ICAL.Component(
        ICAL.parse(
          `BEGIN:VCALENDAR\r\n${vtimezone('America/New_York', from, to)}\r\nEND:VCALENDAR`,
        ),
      ).getFirstSubcomponent('vtimezone') as ICAL.Component,
    );
    const at = (iso: string) => {
      const time = ICAL.Time.fromDateTimeString(iso);
      time.zone = zone;
      return time.toJSDate().toISOString();
    };
    expect(at('2026-02-10T10:00:00')).toBe('2026-02-10T15:00:00.000Z');
    expect(at('2026-07-10T10:00:00')).toBe('2026-07-10T14:00:00.000Z');
    expect(at('2026-11-20T10:00:00')).toBe('2026-11-20T15:00:00.000Z');
  });
});
