import { describe, expect, it } from 'vitest';
import { toAuthUser, UnexpectedAnswerError } from './auth-user';

describe('toAuthUser', () => {
  it('keeps the known fields, null for anything missing or not text', () => {
    expect(toAuthUser({ id: 'x', displayName: 3, extra: 'ignored' }, 'me')).toEqual({
      id: 'x',
      displayName: null,
      mail: null,
      mobilePhone: null,
      birthday: null,
      extensionCelular: null,
      extensionDataNascimento: null,
    });
  });

  it('keeps the birth date of the user details only when the answer has one', () => {
    expect(toAuthUser({ id: 'x', dataNascimento: '01/02/1990' }, 'me')).toMatchObject({
      dataNascimento: '01/02/1990',
    });
    expect(toAuthUser({ id: 'x', dataNascimento: null }, 'me')).toMatchObject({
      dataNascimento: null,
    });
    expect(toAuthUser({ id: 'x' }, 'me')).not.toHaveProperty('dataNascimento');
  });

  it('refuses an answer without a user id, naming its source', () => {
    expect(() => toAuthUser({ id: '' }, 'me')).toThrow(/^me answered without a user id$/);
    expect(() => toAuthUser([], 'me')).toThrow(UnexpectedAnswerError);
    expect(() => toAuthUser(undefined, '/api/user/details')).toThrow(/user id/);
  });
});
