/**
 * The backend access token kept in the browser (spec section 3): in localStorage, under a key named
 * for the portal's host.
 */

/** The storage key: the portal's host, e.g. "www.centro.org.br" or "localhost:3000". */
export function tokenStorageKey(location: Pick<Location, 'host'> = window.location): string {
  return location.host;
}

export function storeApiToken(token: string, storage: Storage = window.localStorage): void {
  storage.setItem(tokenStorageKey(), token);
}

export function readApiToken(storage: Storage = window.localStorage): string | null {
  return storage.getItem(tokenStorageKey());
}

/**
 * The stored token when it speaks for a person: 'Acessar' stores the backend's anonymous token
 * first (spec section 4), and until the page exchanges it for a bound one it grants nothing, not
 * even 'Sair' (its payload is read, not trusted: the server checks the signature).
 */
export function readBoundApiToken(storage: Storage = window.localStorage): string | null {
  const token = readApiToken(storage);
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(
      atob(
        payload
          .replace(/-/g, '+')
          .replace(/_/g, '/')
          .padEnd(Math.ceil(payload.length / 4) * 4, '='),
      ),
    );
    const bound =
      typeof claims === 'object' &&
      claims !== null &&
      typeof (claims as { sub?: unknown }).sub === 'string' &&
      (claims as { anon?: unknown }).anon !== true;
    return bound ? token : null;
  } catch {
    return null;
  }
}

export function clearApiToken(storage: Storage = window.localStorage): void {
  storage.removeItem(tokenStorageKey());
}
