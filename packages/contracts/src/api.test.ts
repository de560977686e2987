import { describe, expect, it } from 'vitest';
import {
  groupAddRequestSchema,
  securityAttributesRequestSchema,
  userUpdateRequestSchema,
} from './api.js';
import { fieldMessages } from './messages.js';

const token = 'x'.repeat(40);
const id = '11111111-2222-4333-8444-555555555555';

describe('userUpdateRequestSchema', () => {
  it('normalises a mobile phone a person typed', () => {
    const parsed = userUpdateRequestSchema.parse({
      id,
      token,
      param: 'mobilePhone',
      value: '(11) 98765-4321',
    });
    expect(parsed.value).toBe('+55 11 98765-4321');
  });

  it('refuses a phone that does not format, with the pt-BR message', () => {
    const result = userUpdateRequestSchema.safeParse({
      id,
      token,
      param: 'mobilePhone',
      value: '98765-4321',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(fieldMessages.phone);
  });

  it('trims names and e-mails, and refuses unknown fields', () => {
    expect(
      userUpdateRequestSchema.parse({ id, token, param: 'mail', value: ' ana@example.org ' }).value,
    ).toBe('ana@example.org');
    expect(
      userUpdateRequestSchema.safeParse({ id, token, param: 'mail', value: 'a@b.co', x: 1 })
        .success,
    ).toBe(false);
  });
});

describe('securityAttributesRequestSchema', () => {
  it('accepts a real past date and refuses others', () => {
    const ok = (data_nascimento: string) =>
      securityAttributesRequestSchema.safeParse({ id, token, data_nascimento }).success;
    expect(ok('29/02/2000')).toBe(true);
    expect(ok('30/02/2000')).toBe(false);
    expect(ok('01/01/2999')).toBe(false);
  });
});

describe('groupAddRequestSchema', () => {
  it('takes the spec’s body', () => {
    expect(groupAddRequestSchema.safeParse({ group: id, user: id, token }).success).toBe(true);
    expect(groupAddRequestSchema.safeParse({ group: id, user: 'a b', token }).success).toBe(false);
  });
});
