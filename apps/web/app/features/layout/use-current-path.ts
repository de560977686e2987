import { useMatches } from 'react-router';

/**
 * Path of the page being shown, without a trailing slash; null on the 404 page. Based on the
 * matched route rather than the address: the 404 page is prerendered once (as /404) and served at
 * any unknown address, so it must hydrate exactly as it was prerendered.
 */
export function useCurrentPath(): string | null {
  const leaf = useMatches().at(-1);
  if (!leaf || leaf.params['*'] !== undefined) return null;
  return leaf.pathname.length > 1 ? leaf.pathname.replace(/\/+$/, '') : leaf.pathname;
}
