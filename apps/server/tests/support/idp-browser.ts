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

/** The site of the provider's tests (SITE_URL) and its redirect URI. */
export const TEST_SITE = 'http://localhost:3000';
export const TEST_REDIRECT_URI = `${TEST_SITE}/`;

/** An authorization request as MSAL makes it (the code + PKCE flow), with `extra` parameters. */
export function authorizeUrl(challenge: Pkce, extra: Record<string, string> = {}): string {
  return `/idp/auth?${new URLSearchParams({
    client_id: 'centro-web',
    response_type: 'code',
    redirect_uri: TEST_REDIRECT_URI,
    scope: 'User.ReadWrite.All openid profile',
    code_challenge: challenge.challenge,
    code_challenge_method: 'S256',
    response_mode: 'fragment',
    state: 'estado',
    nonce: 'nonce',
    ...extra,
  })}`;
}

/** The authorization code in a redirect to the site (fragment response mode). */
export function codeOf(location: string): string | null {
  return new URLSearchParams(new URL(location).hash.slice(1)).get('code');
}

/** An interaction page (sign-in, or sign-up with prompt=create) in a browser. */
export async function openInteraction(browser: IdpBrowser, extra: Record<string, string> = {}) {
  const challenge = pkce();
  const start = await browser.get(authorizeUrl(challenge, extra));
  const path = String(start.headers.location);
  const page = await browser.get(path);
  return { challenge, path, page, action: String(formAction(page.body)) };
}

/** From a finished interaction's redirect to the tokens, as MSAL exchanges the code. */
export async function tokensAfter(browser: IdpBrowser, challenge: Pkce, finished: string) {
  const resumed = await browser.get(finished);
  return browser.token({
    client_id: 'centro-web',
    grant_type: 'authorization_code',
    code: String(codeOf(String(resumed.headers.location))),
    redirect_uri: TEST_REDIRECT_URI,
    code_verifier: challenge.verifier,
  });
}

/** Signs a new person up in `browser`; the token response. */
export async function signUpIn(browser: IdpBrowser, email: string, senha = 'uma senha longa') {
  const { challenge, action } = await openInteraction(browser, { prompt: 'create' });
  const created = await browser.post(action, {
    nome: 'Pessoa de Teste',
    email,
    senha,
    celular: '(11) 91234-5678',
    nascimento: '25/12/1990',
    consentimento: 'sim',
  });
  if (created.statusCode !== 303) throw new Error(`sign-up answered ${created.statusCode}`);
  return tokensAfter(browser, challenge, String(created.headers.location));
}
