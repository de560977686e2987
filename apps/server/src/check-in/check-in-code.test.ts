import { describe, expect, it } from 'vitest';
import { readQrCode } from '../../tests/support/qr.js';
import { checkInCode, checkInPng } from './check-in-code.js';

const TOKEN = '0123456789ABCDEF0123456789ABCDEF';

describe('check-in code', () => {
  it('draws a square of modules holding only the token', () => {
    const { token, modules } = checkInCode(TOKEN);
    expect(token).toBe(TOKEN);
    expect(modules.length).toBeGreaterThanOrEqual(21);
    for (const row of modules) expect(row).toMatch(new RegExp(`^[01]{${modules.length}}$`));
    // The finder pattern's top row: seven dark modules.
    expect(modules[0]?.slice(0, 7)).toBe('1111111');
  });

  it('makes a PNG a reader decodes back to the token', async () => {
    expect(await readQrCode(await checkInPng(TOKEN))).toBe(TOKEN);
  });
});
