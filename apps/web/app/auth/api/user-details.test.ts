import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnexpectedAnswerError } from '~/lib/api-error';
import { toAuthUser, updateUserField, userOf } from './user-details';

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

describe('the person’s record', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads an updated user', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ data: { id: 'u', displayName: 'Maria', mobilePhone: '+55 11 98765-4321' } }),
    );
    expect(
      await updateUserField({ id: 'u', token: 't', param: 'mobilePhone', value: '11987654321' }),
    ).toMatchObject({ id: 'u', mobilePhone: '+55 11 98765-4321' });
  });

  it('reads the person in an answer’s data as the sign-in code does (toAuthUser)', () => {
    const people: unknown[] = [
      {
        id: 'u',
        displayName: 'Maria',
        mail: null,
        extensionCelular: '11',
        dataNascimento: '01/02/1990',
      },
      { id: 'v', birthday: '1990-12-25T00:00:00Z', mobilePhone: 5, extra: true },
    ];
    expect(userOf({ data: people[0] }, 'x')).toEqual({
      id: 'u',
      displayName: 'Maria',
      mail: null,
      mobilePhone: null,
      birthday: null,
      extensionCelular: '11',
      extensionDataNascimento: null,
      dataNascimento: '01/02/1990',
    });
    expect(userOf({ data: people[1] }, 'x')).toMatchObject({
      id: 'v',
      birthday: '1990-12-25T00:00:00Z',
      mobilePhone: null,
    });
    expect(userOf({ data: people[1] }, 'x')).not.toHaveProperty('dataNascimento');
    expect(() => userOf({ data: { id: '' } }, 'x')).toThrow();
  });
});
