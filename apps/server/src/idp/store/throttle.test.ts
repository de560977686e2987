import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { testDatabaseTargets } from '../../test-support/databases.js';
import { DEFAULT_THROTTLE_POLICY, LoginThrottle } from './throttle.js';

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

  const fail = (times: number, email = 'ana@example.org', address = '10.0.0.1') =>
    (async () => {
      for (let i = 0; i < times; i += 1) await throttle.recordFailure(email, address);
    })();

  it('lets the first failures through at once, then delays each one more (capped)', async () => {
    await fail(9);
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    await expect(throttle.check('ana@example.org', '10.0.0.1')).resolves.toEqual({
      allowed: true,
    });
  });

  it('refuses an e-mail past the hard limit until the window has passed', async () => {
    await fail(10);
    const verdict = await throttle.check('ana@example.org', '10.0.0.2');
    expect(verdict).toEqual({ allowed: false, retryAfterSeconds: window });
    clock += (window - 1) * 1000;
    await expect(throttle.check('ana@example.org', '10.0.0.2')).resolves.toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    clock += 1000;
    await expect(throttle.check('ana@example.org', '10.0.0.2')).resolves.toEqual({
      allowed: true,
    });
    // Another e-mail from the same address was never refused.
    clock -= 1000;
    await expect(throttle.check('bia@example.org', '10.0.0.1')).resolves.toEqual({
      allowed: true,
    });
  });

  it('refuses an address that tries many e-mails, with a looser limit', async () => {
    for (let i = 0; i < 49; i += 1) await throttle.recordFailure(`p${i}@example.org`, '10.0.0.9');
    await expect(throttle.check('new@example.org', '10.0.0.9')).resolves.toEqual({
      allowed: true,
    });
    await throttle.recordFailure('p49@example.org', '10.0.0.9');
    await expect(throttle.check('new@example.org', '10.0.0.9')).resolves.toMatchObject({
      allowed: false,
    });
    await expect(throttle.check('new@example.org', '10.0.0.10')).resolves.toEqual({
      allowed: true,
    });
  });

  it('starts counting afresh after a quiet window (nobody is locked out for good)', async () => {
    await fail(10);
    clock += window * 1000;
    await throttle.recordFailure('ana@example.org', '10.0.0.1');
    await expect(throttle.check('ana@example.org', '10.0.0.1')).resolves.toEqual({
      allowed: true,
    });
    const row = await handle.db
      .selectFrom('login_failures')
      .select('failures')
      .where('key', '=', 'email:ana@example.org')
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(1);
  });

  it("forgets an e-mail's failures after a successful sign-in, not the address's", async () => {
    await fail(5);
    await throttle.recordSuccess('ana@example.org');
    const keys = await handle.db.selectFrom('login_failures').select('key').execute();
    expect(keys.map((row) => row.key)).toEqual(['ip:10.0.0.1']);
  });

  it('counts concurrent failures exactly', async () => {
    await Promise.all(
      Array.from({ length: 8 }, () => throttle.recordFailure('ana@example.org', '10.0.0.1')),
    );
    const row = await handle.db
      .selectFrom('login_failures')
      .select('failures')
      .where('key', '=', 'email:ana@example.org')
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(8);
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
