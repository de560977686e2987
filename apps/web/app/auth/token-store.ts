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

export function clearApiToken(storage: Storage = window.localStorage): void {
  storage.removeItem(tokenStorageKey());
}
