/**
 * A browser stand-in for the built-in provider's tests: `app.inject()` with a cookie jar that honours
 * cookie paths and deletions, form posts, and PKCE and token-request helpers (what MSAL does).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/** RFC 6265 path-match. */
function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  store(setCookie: string | string[] | undefined): void {
    for (const line of [setCookie ?? []].flat()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      let path = '/';
      let expired = false;
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = attributeValue;
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) < Date.now()) {
          expired = true;
        }
      }
      const key = `${name}|${path}`;
      if (expired || value === '') this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  header(url: string): string | undefined {
    const path = new URL(url, 'http://x').pathname;
    const matching = [...this.cookies.values()].filter((cookie) => pathMatches(path, cookie.path));
    return matching.length > 0
      ? matching.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
      : undefined;
  }

  names(): string[] {
    return [...this.cookies.values()].map((cookie) => cookie.name);
  }
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function pkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Path and query of a URL (absolute or not), for inject. */
export function localPath(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  return parsed.pathname + parsed.search;
}

export class IdpBrowser {
  readonly jar = new CookieJar();

  constructor(
    private readonly app: FastifyInstance,
    /** The site's origin, sent as Origin on fetch-like calls. */
    readonly origin: string,
  ) {}

  async get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const path = localPath(url);
    const cookie = this.jar.header(path);
    const response = await this.app.inject({
      method: 'GET',
      url: path,
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
    });
    this.jar.store(response.headers['set-cookie']);
    return response;
  }

  async post(
    url: string,
    form: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const path = localPath(url);
    const cookie = this.jar.header(path);
    const response = await this.app.inject({
      method: 'POST',
      url: path,
      payload: new URLSearchParams(form).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
        ...(cookie ? { cookie } : {}),
      },
    });
    this.jar.store(response.headers['set-cookie']);
    return response;
  }

  /** A token request as MSAL makes it: a same-origin fetch (with Origin), no cookies. */
  async token(form: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.app.inject({
      method: 'POST',
      url: '/idp/token',
      payload: new URLSearchParams(form).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded;charset=utf-8',
        origin: this.origin,
      },
    });
  }
}

/** The value of an `<input name=…>` in a page (hidden inputs of auto-submitting forms). */
export function inputValue(html: string, name: string): string | undefined {
  const match = new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html);
  return match?.[1];
}

/** The `action` of the first form in a page. */
export function formAction(html: string): string | undefined {
  return /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
}
