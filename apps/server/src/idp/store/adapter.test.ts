import type { AdapterPayload } from 'oidc-provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { testDatabaseTargets } from '../../../tests/support/databases.js';
import { KyselyOidcAdapter, deleteExpiredPayloads, kyselyAdapterFactory } from './adapter.js';

const targets = await testDatabaseTargets('idp_adapter');
afterAll(() => Promise.all(targets.map((target) => target.cleanup())));

if (!targets.some((target) => target.dialect === 'postgres')) {
  it.skip('PostgreSQL unreachable: the adapter was tested on SQLite only (see the warning above)');
}

describe.each(targets)('oidc-provider adapter on $dialect', (target) => {
  let handle: DatabaseHandle;
  let clock = 1_000_000;
  const now = () => clock;
  const adapter = (model: string) => new KyselyOidcAdapter(handle.db, model, now);

  beforeAll(async () => {
    handle = await target.open();
  });

  beforeEach(async () => {
    clock = 1_000_000;
    await handle.db.deleteFrom('oidc_payloads').execute();
  });

  it('stores, finds and replaces a payload', async () => {
    const sessions = adapter('Session');
    const payload: AdapterPayload = { jti: 's1', uid: 'u1', accountId: 'a1', kind: 'Session' };
    await sessions.upsert('s1', payload, 60);
    await expect(sessions.find('s1')).resolves.toEqual(payload);
    await sessions.upsert('s1', { ...payload, accountId: 'a2' }, 60);
    await expect(sessions.find('s1')).resolves.toMatchObject({ accountId: 'a2' });
    await expect(sessions.find('nope')).resolves.toBeUndefined();
    const rows = await handle.db.selectFrom('oidc_payloads').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps models apart: the same id in two models is two rows', async () => {
    await adapter('AccessToken').upsert('x', { jti: 'x', kind: 'AccessToken' }, 60);
    await adapter('RefreshToken').upsert('x', { jti: 'x', kind: 'RefreshToken' }, 60);
    await expect(adapter('AccessToken').find('x')).resolves.toMatchObject({ kind: 'AccessToken' });
    await adapter('AccessToken').destroy('x');
    await expect(adapter('AccessToken').find('x')).resolves.toBeUndefined();
    await expect(adapter('RefreshToken').find('x')).resolves.toMatchObject({
      kind: 'RefreshToken',
    });
  });

  it('finds sessions by uid and device codes by user code', async () => {
    await adapter('Session').upsert('s1', { jti: 's1', uid: 'uid-1' }, 60);
    await adapter('DeviceCode').upsert('d1', { jti: 'd1', userCode: 'ABCD-EFGH' }, 60);
    await expect(adapter('Session').findByUid('uid-1')).resolves.toMatchObject({ jti: 's1' });
    await expect(adapter('Session').findByUid('uid-2')).resolves.toBeUndefined();
    await expect(adapter('DeviceCode').findByUserCode('ABCD-EFGH')).resolves.toMatchObject({
      jti: 'd1',
    });
  });

  it('never returns an expired payload, and the clean-up deletes it', async () => {
    const codes = adapter('AuthorizationCode');
    await codes.upsert('short', { jti: 'short' }, 60);
    await codes.upsert('forever', { jti: 'forever' });
    clock += 59;
    await expect(codes.find('short')).resolves.toBeDefined();
    clock += 1;
    await expect(codes.find('short')).resolves.toBeUndefined();
    await expect(codes.find('forever')).resolves.toBeDefined();
    await expect(deleteExpiredPayloads(handle.db, now)).resolves.toBe(1);
    const ids = await handle.db.selectFrom('oidc_payloads').select('id').execute();
    expect(ids.map((row) => row.id)).toEqual(['forever']);
  });

  it('marks a payload consumed (and an upsert starts it afresh)', async () => {
    const tokens = adapter('RefreshToken');
    await tokens.upsert('r1', { jti: 'r1', grantId: 'g1' }, 60);
    clock += 5;
    await tokens.consume('r1');
    await expect(tokens.find('r1')).resolves.toEqual({
      jti: 'r1',
      grantId: 'g1',
      consumed: 1_000_005,
    });
    await tokens.upsert('r1', { jti: 'r1', grantId: 'g1' }, 60);
    await expect(tokens.find('r1')).resolves.toEqual({ jti: 'r1', grantId: 'g1' });
  });

  it("revokes a grant's tokens of its own model only", async () => {
    await adapter('AccessToken').upsert('a1', { jti: 'a1', grantId: 'g1' }, 60);
    await adapter('AccessToken').upsert('a2', { jti: 'a2', grantId: 'g2' }, 60);
    await adapter('RefreshToken').upsert('r1', { jti: 'r1', grantId: 'g1' }, 60);
    await adapter('AccessToken').revokeByGrantId('g1');
    await expect(adapter('AccessToken').find('a1')).resolves.toBeUndefined();
    await expect(adapter('AccessToken').find('a2')).resolves.toBeDefined();
    await expect(adapter('RefreshToken').find('r1')).resolves.toBeDefined();
    await adapter('RefreshToken').revokeByGrantId('g1');
    await expect(adapter('RefreshToken').find('r1')).resolves.toBeUndefined();
  });

  it('keeps payloads as JSON, whatever they contain', async () => {
    const factory = kyselyAdapterFactory(handle.db, now);
    const payload: AdapterPayload = {
      jti: 'i1',
      params: { scope: 'openid profile', nonce: 'ção "quoted" \u0000' },
      prompt: { name: 'login', reasons: ['no_session'], details: {} },
      returnTo: 'http://localhost:3000/idp/auth/i1',
    };
    await factory('Interaction').upsert('i1', payload, 3600);
    await expect(factory('Interaction').find('i1')).resolves.toEqual(payload);
  });
});
