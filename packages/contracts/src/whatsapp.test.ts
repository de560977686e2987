import { describe, expect, it } from 'vitest';
import { whatsappInviteCodeOf } from './whatsapp.js';

describe('whatsappInviteCodeOf', () => {
  const code = 'Fh3kQm9ZpL2xW7vB1nT4yR';

  it('keeps a code pasted alone', () => {
    expect(whatsappInviteCodeOf(code)).toBe(code);
    expect(whatsappInviteCodeOf(`  ${code}\n`)).toBe(code);
  });

  it('takes the code out of the link as WhatsApp shares it', () => {
    expect(whatsappInviteCodeOf(`https://chat.whatsapp.com/${code}`)).toBe(code);
    expect(whatsappInviteCodeOf(`https://chat.whatsapp.com/${code}?mode=ems_copy_t`)).toBe(code);
    expect(whatsappInviteCodeOf(`https://chat.whatsapp.com/${code}/`)).toBe(code);
    expect(whatsappInviteCodeOf(`http://www.chat.whatsapp.com/${code}#x`)).toBe(code);
    expect(whatsappInviteCodeOf(`chat.whatsapp.com/${code}`)).toBe(code);
    expect(whatsappInviteCodeOf(`HTTPS://Chat.WhatsApp.com/invite/${code}`)).toBe(code);
  });

  it('refuses what holds no code', () => {
    for (const input of [
      '',
      'abc',
      'código com espaço',
      `https://example.com/${code}`,
      `https://chat.whatsapp.com.evil.example/${code}`,
      `https://chat.whatsapp.com/`,
      `https://chat.whatsapp.com/${code}/extra`,
      'x'.repeat(33),
    ]) {
      expect(whatsappInviteCodeOf(input), input).toBeNull();
    }
  });
});
