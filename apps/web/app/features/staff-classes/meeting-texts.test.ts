import type { StaffClassMeeting } from '@centro/contracts';
import { describe, expect, it } from 'vitest';
import {
  meetingAhead,
  meetingLine,
  meetingsChangedText,
  meetingStateText,
  recessLine,
  recessSavedText,
} from './meeting-texts';

const base: StaffClassMeeting = {
  date: '2027-01-16',
  time: '19:00',
  status: 'scheduled',
  number: 3,
  slot: '2027-01-16',
  added: false,
  changed: false,
  recess: false,
};

describe('meeting texts', () => {
  it('names each date and what happened to it', () => {
    expect(meetingLine(base)).toBe('3º encontro — sáb, 16/01, às 19h00');
    expect(meetingStateText(base)).toBeNull();
    const skipped = { ...base, status: 'skipped' as const, number: null, note: 'Recesso' };
    expect(meetingLine(skipped)).toBe('sáb, 16/01');
    expect(meetingStateText(skipped)).toBe('Sem encontro: Recesso');
    expect(meetingStateText({ ...base, status: 'cancelled', note: 'Reforma' })).toBe(
      'Cancelado: Reforma',
    );
    expect(meetingStateText({ ...base, movedFrom: { date: '2027-01-09', time: '19:00' } })).toBe(
      'Transferido de sáb, 09/01, às 19h00',
    );
    expect(meetingStateText({ ...base, added: true, slot: null })).toBe('Encontro extra');
  });

  it('lets a meeting change until an hour before it starts', () => {
    // 19:00 in São Paulo is 22:00 UTC; attendance opens at 21:00 UTC.
    expect(meetingAhead(base, new Date('2027-01-16T20:59:00Z'))).toBe(true);
    expect(meetingAhead(base, new Date('2027-01-16T21:00:00Z'))).toBe(false);
  });

  it('says what was done', () => {
    expect(meetingsChangedText(0)).toBe('Encontros atualizados.');
    expect(meetingsChangedText(3)).toBe('Encontros atualizados. Avisamos 3 pessoas por e-mail.');
    expect(
      recessLine({ name: 'Recesso de fim de ano', startsOn: '2026-12-20', endsOn: '2027-01-10' }),
    ).toBe('Recesso de fim de ano: 20/12/2026 a 10/01/2027');
    expect(recessSavedText('saved', 2, 1)).toBe(
      'Recesso cadastrado. 2 turmas mudaram; avisamos 1 pessoa por e-mail.',
    );
  });
});
