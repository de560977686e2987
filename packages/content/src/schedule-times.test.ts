import { describe, expect, it } from 'vitest';
import { schedule } from './content.js';
import { scheduleDayIndex, scheduleTime, scheduleWeekday } from './schedule-times.js';

describe('the schedule’s days and times in machine form', () => {
  it('reads the pt-BR day names and the "19h30" times', () => {
    expect(scheduleTime('19h30')).toBe('19:30');
    expect(scheduleTime('09h')).toBe('09:00');
    expect(scheduleDayIndex('Domingo')).toBe(0);
    expect(scheduleWeekday('Sábado')).toBe('saturday');
    expect(scheduleWeekday('Terça-feira')).toBe('tuesday');
  });

  it('refuses what it cannot read instead of guessing', () => {
    expect(() => scheduleTime('7 da noite')).toThrow(/unexpected schedule time/);
    expect(() => scheduleDayIndex('Feriado')).toThrow(/unexpected schedule day/);
  });

  it('reads every day and time of the centre’s schedule', () => {
    for (const day of schedule) {
      expect(() => scheduleWeekday(day.day)).not.toThrow();
      for (const activity of day.activities)
        expect(scheduleTime(activity.time)).toMatch(/^\d\d:\d\d$/);
    }
  });
});
