import { describe, expect, it } from 'vitest';
import { formatNextMeeting } from './format';

describe('formatNextMeeting', () => {
  it('reads an instant on São Paulo’s clock, as the course page does', () => {
    expect(formatNextMeeting('2027-03-06T20:30:00.000Z')).toBe('sábado, 06/03/2027, às 17h30');
    // 01:00 UTC is still the evening before in São Paulo.
    expect(formatNextMeeting('2027-03-07T01:00:00.000Z')).toBe('sábado, 06/03/2027, às 22h00');
  });
});
