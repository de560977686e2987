/**
 * The sign-in throttle on SQLite and PostgreSQL: delays, the hard limits per e-mail and per
 * address, the window, and attempts counted atomically before the password is checked, also by
 * several instances at once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { testDatabaseTargets } from '../../../tests/support/databases.js';
import { DEFAULT_THROTTLE_POLICY, LoginThrottle, throttlePolicy } from './throttle.js';

const targets = await testDatabaseTargets('idp_throttle');
afterAll(() => Promise.all(targets.map((target) => target.cleanup())));

if (!targets.some((target) => target.dialect === 'postgres')) {
  it.skip('PostgreSQL unreachable: the throttle was tested on SQLite only (see the warning above)');
}

describe.each(targets)('sign-in throttling on $dialect', (target) => {
  let handle: DatabaseHandle;
  let clock = 0;
  let delays: number[] = [];
  let throttle: LoginThrottle;
  const window = DEFAULT_THROTTLE_POLICY.windowSeconds;

  beforeAll(async () => {
    handle = await target.open();
  });

  beforeEach(async () => {
    await handle.db.deleteFrom('login_failures').execute();
    clock = Date.UTC(2025, 0, 1);
    delays = [];
    throttle = new LoginThrottle(handle.db, {
      now: () => clock,
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
  });

  /** Attempts that are admitted, then fail. */
  const fail = (times: number, email = 'ana@example.org', address = '10.0.0.1') =>
    (async () => {
      for (let i = 0; i < times; i += 1) {
        const admission = await throttle.admit(email, address);
        expect(admission.allowed).toBe(true);
        await throttle.failed(admission);
      }
    })();
  const allowed = { allowed: true };

  it('lets the first failures through at once, then delays each one more (capped)', async () => {
    await fail(9);
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    await expect(throttle.admit('ana@example.org', '10.0.0.1')).resolves.toMatchObject(allowed);
  });

  it('refuses an e-mail past the hard limit until the window has passed', async () => {
    await fail(10);
    const verdict = await throttle.admit('ana@example.org', '10.0.0.2');
    expect(verdict).toEqual({ allowed: false, retryAfterSeconds: window });
    clock += (window - 1) * 1000;
    // Refused attempts are not counted: the lock still ends a window after the 10th failure.
    await expect(throttle.admit('ana@example.org', '10.0.0.2')).resolves.toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    // Another e-mail from the same address is not refused.
    await expect(throttle.admit('bia@example.org', '10.0.0.1')).resolves.toMatchObject(allowed);
    clock += 1000;
    await expect(throttle.admit('ana@example.org', '10.0.0.2')).resolves.toMatchObject(allowed);
  });

  it('takes its hard limits from the configuration (IDP_SIGN_IN_ATTEMPTS_PER_*)', async () => {
    throttle = new LoginThrottle(handle.db, {
      now: () => clock,
      sleep: async () => undefined,
      policy: throttlePolicy({ perEmail: 4, perAddress: 12 }),
    });
    await fail(4);
    await expect(throttle.admit('ana@example.org', '10.0.0.3')).resolves.toMatchObject({
      allowed: false,
    });
    for (let i = 0; i < 12; i += 1) await fail(1, `q${i}@example.org`, '10.0.0.8');
    await expect(throttle.admit('other@example.org', '10.0.0.8')).resolves.toMatchObject({
      allowed: false,
    });
  });

  it('refuses an address that tries many e-mails, with a looser limit', async () => {
    for (let i = 0; i < 49; i += 1) await fail(1, `p${i}@example.org`, '10.0.0.9');
    // The 50th attempt from the address is admitted, the 51st is not.
    await expect(throttle.admit('p49@example.org', '10.0.0.9')).resolves.toMatchObject(allowed);
    await expect(throttle.admit('new@example.org', '10.0.0.9')).resolves.toMatchObject({
      allowed: false,
    });
    await expect(throttle.admit('new@example.org', '10.0.0.10')).resolves.toMatchObject(allowed);
    // The refused attempt gave the e-mail its count back (it was never evaluated).
    const row = await handle.db
      .selectFrom('login_failures')
      .select('failures')
      .where('key', '=', 'email:new@example.org')
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(1);
  });

  it('starts counting afresh after a quiet window (nobody is locked out for good)', async () => {
    await fail(10);
    clock += window * 1000;
    await fail(1);
    const row = await handle.db
      .selectFrom('login_failures')
      .select('failures')
      .where('key', '=', 'email:ana@example.org')
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(1);
  });

  it("forgets an e-mail's failures after a successful sign-in, not the address's", async () => {
    await fail(5);
    await throttle.admit('ana@example.org', '10.0.0.1');
    await throttle.succeeded('ana@example.org', '10.0.0.1');
    const rows = await handle.db.selectFrom('login_failures').select(['key', 'failures']).execute();
    // The address keeps its 5 failures; the successful attempt was given back.
    expect(rows).toEqual([{ key: 'ip:10.0.0.1', failures: 5 }]);
  });

  it('admits concurrent attempts up to the limit, no more, on two instances at once', async () => {
    // PostgreSQL: a second pool, as a second server instance would have (SQLite: one instance).
    const otherHandle = target.dialect === 'postgres' ? await target.open() : handle;
    const other = new LoginThrottle(otherHandle.db, { now: () => clock });
    const verdicts = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 === 0 ? throttle : other).admit('ana@example.org', `10.0.1.${i}`),
      ),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(10);
    const byAddress = await Promise.all(
      Array.from({ length: 70 }, (_, i) =>
        (i % 2 === 0 ? throttle : other).admit(`p${i}@example.org`, '10.0.0.7'),
      ),
    );
    expect(byAddress.filter((verdict) => verdict.allowed)).toHaveLength(50);
    if (otherHandle !== handle) await otherHandle.close();
  });

  it('cleans up counts whose window has passed', async () => {
    await fail(2, 'old@example.org', '10.0.0.5');
    clock += window * 1000;
    await fail(1, 'new@example.org', '10.0.0.6');
    await throttle.cleanUp();
    const keys = await handle.db
      .selectFrom('login_failures')
      .select('key')
      .orderBy('key')
      .execute();
    expect(keys.map((row) => row.key)).toEqual(['email:new@example.org', 'ip:10.0.0.6']);
  });
});
