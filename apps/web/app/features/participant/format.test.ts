import { describe, expect, it } from 'vitest';
import { claimedText, enrolmentStateText, formatNextMeeting } from './format';

describe('formatNextMeeting', () => {
  it('reads an instant on São Paulo’s clock, as the course page does', () => {
    expect(formatNextMeeting('2027-03-06T20:30:00.000Z')).toBe('sábado, 06/03/2027, às 17h30');
    // 01:00 UTC is still the evening before in São Paulo.
    expect(formatNextMeeting('2027-03-07T01:00:00.000Z')).toBe('sábado, 06/03/2027, às 22h00');
  });
});

describe('enrolmentStateText', () => {
  it('words every state of the history as the issue asks', () => {
    expect(enrolmentStateText({ state: 'enrolled', position: null })).toBe('Inscrição confirmada');
    expect(enrolmentStateText({ state: 'waiting', position: 3 })).toBe(
      'Na lista de espera (posição 3)',
    );
    expect(enrolmentStateText({ state: 'concluded', position: null })).toBe('Concluído');
    expect(enrolmentStateText({ state: 'not-concluded', position: null })).toBe('Não concluído');
    expect(enrolmentStateText({ state: 'cancelled', position: null })).toBe('Cancelada');
  });
});

describe('a claim code used', () => {
  it('says how many enrolments came to the account', () => {
    expect(claimedText(1)).toBe('Pronto: a inscrição feita na secretaria agora está na sua conta.');
    expect(claimedText(2)).toContain('2 inscrições');
    expect(claimedText(0)).toContain('Não havia inscrições novas');
  });
});
