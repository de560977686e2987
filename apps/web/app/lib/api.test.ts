import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addToGroup,
  ApiError,
  fetchJson,
  fetchAvailability,
  isCourseFull,
  updateUserField,
  userOf,
} from './api';

afterEach(() => vi.unstubAllGlobals());

describe('the API client', () => {
  it('maps a refused enrolment to an HttpError with the API code and message', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json(
        { error: 'course_full', message: 'Vagas esgotadas para este curso.' },
        { status: 409 },
      ),
    );
    const error: unknown = await addToGroup({ group: 'g', user: 'u', token: 't' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'course_full',
      apiMessage: 'Vagas esgotadas para este curso.',
    });
    expect(isCourseFull(error)).toBe(true);
  });

  it('keeps other failures apart from a full course', async () => {
    vi.stubGlobal('fetch', async () => new Response('Bad gateway', { status: 502 }));
    const error: unknown = await addToGroup({ group: 'g', user: 'u', token: 't' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 502, code: null });
    expect(isCourseFull(error)).toBe(false);
  });

  it('reads an enrolment and an updated user', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      url === '/api/group/add'
        ? Response.json({
            data: { course: 'passe', group: 'g', status: 'enrolled', alreadyEnrolled: true },
          })
        : Response.json({
            data: { id: 'u', displayName: 'Maria', mobilePhone: '+55 11 98765-4321' },
          }),
    );
    expect(await addToGroup({ group: 'g', user: 'u', token: 't' })).toEqual({
      course: 'passe',
      group: 'g',
      alreadyEnrolled: true,
    });
    expect(
      await updateUserField({ id: 'u', token: 't', param: 'mobilePhone', value: '11987654321' }),
    ).toMatchObject({ id: 'u', mobilePhone: '+55 11 98765-4321' });
  });

  it('reads the person in an answer’s data as the sign-in code does (lib/auth-user.ts)', () => {
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

  it('gives up after its timeout', async () => {
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    await expect(fetchJson('/api/slow', {}, 20)).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('reads the places left by course', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ courses: { passe: { places: 40, placesLeft: 3 }, bad: { places: 'x' } } }),
    );
    expect(await fetchAvailability()).toEqual({ passe: { places: 40, placesLeft: 3 } });
  });
});
