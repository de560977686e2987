/**
 * One local server, three names (RFC 8252 §7.3, §8.3): on a developer's machine `localhost`,
 * `127.0.0.1` and `[::1]` with the same port are the same server. When SITE_URL is such an address
 * (the embedded defaults print `http://127.0.0.1:3000` while SITE_URL is `http://localhost:3000`),
 * the provider accepts the other names too: each registered loopback redirect URI counts for its
 * twins (same scheme, port, path and query), and a request that arrived under a twin name is
 * answered with that name in the provider's URLs, so the sign-in never leaves the address the
 * person opened. Nothing changes for any other address.
 */

const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

function isLoopback(url: URL): boolean {
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    (LOOPBACK_HOSTNAMES as readonly string[]).includes(url.hostname)
  );
}

/** The URLs with, after each loopback one, its twins under the other loopback names. */
export function withLoopbackTwins(urls: readonly string[]): string[] {
  const all = urls.flatMap((entry) => {
    const url = new URL(entry);
    if (!isLoopback(url)) return [entry];
    return [
      entry,
      ...LOOPBACK_HOSTNAMES.map((hostname) => {
        const twin = new URL(entry);
        twin.hostname = hostname;
        return twin.href;
      }),
    ];
  });
  return [...new Set(all)];
}

/**
 * The host (`name:port`) the provider should build its URLs with: SITE_URL's, or the request's
 * when both are loopback names of the same port.
 */
export function providerHost(siteUrl: string, requestHost: string | undefined): string {
  const site = new URL(siteUrl);
  if (!requestHost || !isLoopback(site)) return site.host;
  let asked: URL;
  try {
    asked = new URL(`${site.protocol}//${requestHost}`);
  } catch {
    return site.host;
  }
  return isLoopback(asked) && asked.port === site.port && !asked.username && asked.pathname === '/'
    ? asked.host
    : site.host;
}
