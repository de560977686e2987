/** Links in messages: only absolute http(s) addresses (no javascript: links). */

/** The URL, when it is an absolute http(s) address; throws otherwise. */
export function httpUrl(value: string): string {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`Not an http(s) link: ${url.protocol}`);
  }
  return url.toString();
}
