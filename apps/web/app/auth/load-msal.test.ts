import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthSettings } from '~/config/auth-settings';

const startMsalSession = vi.fn();
vi.mock('./msal-session', () => ({ startMsalSession }));

const settings = { clientId: 'centro-web' } as AuthSettings;

afterEach(() => {
  vi.resetModules();
  startMsalSession.mockReset();
});

describe('loadMsalSession', () => {
  it('starts MSAL once per page, however often it is asked', async () => {
    const session = { account: () => null };
    startMsalSession.mockResolvedValue(session);
    const { loadMsalSession } = await import('./load-msal');
    const onStatus = vi.fn();
    const [first, second] = await Promise.all([
      loadMsalSession(settings, onStatus),
      loadMsalSession(settings, onStatus),
    ]);
    expect(first).toBe(session);
    expect(second).toBe(session);
    expect(await loadMsalSession(settings, onStatus)).toBe(session);
    expect(startMsalSession).toHaveBeenCalledOnce();
    expect(startMsalSession).toHaveBeenCalledWith(settings, onStatus);
  });

  it('tries again after a failed start', async () => {
    startMsalSession.mockRejectedValueOnce(new Error('offline')).mockResolvedValue({});
    const { loadMsalSession } = await import('./load-msal');
    await expect(loadMsalSession(settings, vi.fn())).rejects.toThrow('offline');
    await expect(loadMsalSession(settings, vi.fn())).resolves.toEqual({});
    expect(startMsalSession).toHaveBeenCalledTimes(2);
  });
});
