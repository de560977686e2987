/**
 * Entra is eventually consistent: the answer to a change carries what was written, and a person
 * Graph does not know yet is read again briefly.
 */
import type { UserDetails } from '@centro/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createGraphApi } from '../../../../tests/support/graph-api.js';
import { DirectoryUserNotFoundError, type Directory } from '../../../directory/directory.js';
import { detailsAfterWrite } from './index.js';

const stale: UserDetails = {
  id: 'u1',
  displayName: 'Maria',
  mail: 'antigo@example.org',
  mobilePhone: null,
  birthday: null,
  extensionCelular: null,
  extensionDataNascimento: null,
  dataNascimento: null,
};

/** A directory whose reads answer `answers` in turn (null: 404), then the last one. */
function reading(...answers: (UserDetails | null)[]): Directory & { reads: number } {
  const directory = {
    reads: 0,
    async getUser() {
      const answer = answers[Math.min(directory.reads, answers.length - 1)] ?? null;
      directory.reads += 1;
      return answer;
    },
  };
  return directory as unknown as Directory & { reads: number };
}

describe('the answer to a change', () => {
  it('carries the value just written, over a stale read', async () => {
    const directory = reading(stale);
    await expect(
      detailsAfterWrite(directory, 'u1', { mail: 'novo@example.org' }),
    ).resolves.toMatchObject({ mail: 'novo@example.org', displayName: 'Maria' });
  });

  it('reads again, briefly, when the user is not found yet', async () => {
    const directory = reading(null, stale);
    await expect(
      detailsAfterWrite(directory, 'u1', { dataNascimento: '15/08/1985' }),
    ).resolves.toMatchObject({ dataNascimento: '15/08/1985' });
    expect(directory.reads).toBe(2);
  });

  it('gives up after a few reads', async () => {
    const directory = reading(null);
    await expect(detailsAfterWrite(directory, 'u1', {})).rejects.toBeInstanceOf(
      DirectoryUserNotFoundError,
    );
    expect(directory.reads).toBe(4);
  }, 10_000);
});

describe('a person the sign-up user flow created a moment ago', () => {
  it('is read again until Graph knows them (404, then 200), through the Graph adapter', async () => {
    const { standIn, api, close } = await createGraphApi({ timeoutMs: 2000 });
    try {
      const user = standIn.addUser({ id: randomUUID(), displayName: 'Maria', unseenReads: 1 });
      const details = await api.app.inject({
        method: 'POST',
        url: '/api/user/details',
        payload: { id: user.id, token: api.tokenFor(user.id) },
      });
      expect(details.statusCode).toBe(200);
      expect(details.json()).toMatchObject({ data: { id: user.id, displayName: 'Maria' } });
      const reads = standIn
        .graphCalls()
        .filter(
          (call) =>
            call.method === 'GET' &&
            call.path === `/v1.0/users/${user.id}` &&
            call.query.$select !== 'birthday',
        );
      expect(reads.map((call) => call.outcome)).toEqual([404, 200]);
    } finally {
      await close();
    }
  });
});
