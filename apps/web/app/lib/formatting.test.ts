import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBirthDate, formatPhone, personBirthDate, personPhone } from './formatting';

describe('formatPhone (spec section 5)', () => {
  it('formats 13 digits as +CC DD NNNNN-NNNN', () => {
    expect(formatPhone('5511987654321')).toEqual({ ok: true, value: '+55 11 98765-4321' });
    expect(formatPhone('3511987654321')).toEqual({ ok: true, value: '+35 11 98765-4321' });
  });

  it('formats 11 digits with the default country code +55', () => {
    expect(formatPhone('11987654321')).toEqual({ ok: true, value: '+55 11 98765-4321' });
  });

  it('strips non-digits first', () => {
    expect(formatPhone('(11) 98765-4321')).toEqual({ ok: true, value: '+55 11 98765-4321' });
    expect(formatPhone('+55 (11) 98765.4321')).toEqual({ ok: true, value: '+55 11 98765-4321' });
  });

  it('refuses any other length', () => {
    for (const input of ['', 'abc', '123', '1198765432', '119876543210', '55119876543210']) {
      expect(formatPhone(input)).toEqual({ ok: false, reason: 'length' });
    }
  });
});

describe('formatBirthDate (spec section 5)', () => {
  it('formats exactly 8 digits as DD/MM/YYYY', () => {
    expect(formatBirthDate('25121990')).toEqual({ ok: true, value: '25/12/1990' });
  });

  it('strips non-digits first', () => {
    expect(formatBirthDate('25/12/1990')).toEqual({ ok: true, value: '25/12/1990' });
    expect(formatBirthDate(' 25-12.1990 ')).toEqual({ ok: true, value: '25/12/1990' });
  });

  it('refuses anything but 8 digits', () => {
    for (const input of ['', 'data', '2512199', '251219901', '25/12/90']) {
      expect(formatBirthDate(input)).toEqual({ ok: false, reason: 'length' });
    }
  });

  it("reads the directory's ISO birthday", () => {
    expect(personBirthDate({ birthday: '1990-12-25T00:00:00Z' })).toBe('25/12/1990');
    expect(personBirthDate({ birthday: '25/12/1990' })).toBe('25/12/1990');
  });
});

describe("a person's one phone and birth date", () => {
  it('reads what Perfil wrote before what sign-up collected', () => {
    const user = {
      mobilePhone: '+55 21 97777-2222',
      extensionCelular: '+55 11 91111-1111',
      dataNascimento: '15/08/1985',
      extensionDataNascimento: '01/01/1980',
      birthday: '1970-01-01T00:00:00Z',
    };
    expect(personPhone(user)).toBe('+55 21 97777-2222');
    expect(personBirthDate(user)).toBe('15/08/1985');
    expect(personPhone({ mobilePhone: ' ', extensionCelular: '+55 11 91111-1111' })).toBe(
      '+55 11 91111-1111',
    );
    expect(personBirthDate({ extensionDataNascimento: '01/01/1980', birthday: null })).toBe(
      '01/01/1980',
    );
    expect(personPhone({})).toBeNull();
  });
});

describe('the formatters, for any input', () => {
  const anyText = fc.oneof(
    fc.string(),
    fc.string({ unit: 'grapheme' }),
    fc.stringMatching(/^[\d ()+\-./]{0,20}$/),
  );

  it('never throw', () => {
    fc.assert(
      fc.property(anyText, (input) => {
        formatPhone(input);
        formatBirthDate(input);
      }),
    );
  });

  it('are idempotent', () => {
    fc.assert(
      fc.property(anyText, (input) => {
        const phone = formatPhone(input);
        if (phone.ok) expect(formatPhone(phone.value)).toEqual(phone);
        const date = formatBirthDate(input);
        if (date.ok) expect(formatBirthDate(date.value)).toEqual(date);
      }),
    );
  });

  it('format every 11- or 13-digit phone and every 8-digit date', () => {
    const digits = (n: number) =>
      fc
        .array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n })
        .map((d) => d.join(''));
    fc.assert(
      fc.property(fc.oneof(digits(11), digits(13)), (input) => {
        const result = formatPhone(input);
        expect(result.ok && /^\+\d{2} \d{2} \d{5}-\d{4}$/.test(result.value)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(digits(8), (input) => {
        const result = formatBirthDate(input);
        expect(result.ok && /^\d{2}\/\d{2}\/\d{4}$/.test(result.value)).toBe(true);
      }),
    );
  });
});
