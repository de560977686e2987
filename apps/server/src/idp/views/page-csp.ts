/**
 * Content-Security-Policy of the provider's pages: nothing but the stylesheet (same origin), the
 * inline icon, the inline scripts of the page by hash (the auto-submitting forms), and forms posting
 * to this site or to the client's registered redirect origins (browsers apply form-action to the
 * redirects that follow a form post, and sign-in ends with one to the website).
 */
import { inlineScriptHashes } from '../../http/csp.js';

export interface IdpCspOptions {
  /** Origins forms and their redirects may go to, besides 'self' (the site, the redirect URIs). */
  formActionOrigins: readonly string[];
  /** Add upgrade-insecure-requests (the site is served over https). */
  https: boolean;
}

export type IdpCsp = (html: string) => string;

/** Builds the CSP of a page from its HTML (its inline scripts are allowed by their hashes). */
export function idpPageCsp(options: IdpCspOptions): IdpCsp {
  // CSP has no syntax for IPv6 literals ([::1]): such an origin is left to 'self' (the provider
  // answers under the name the request used, so its redirects stay on that origin).
  const origins = options.formActionOrigins.filter((origin) => !origin.includes('['));
  const formAction = ["'self'", ...new Set(origins)].join(' ');
  return (html) => {
    const hashes = inlineScriptHashes(html);
    const directives = [
      "default-src 'none'",
      `script-src ${hashes.length > 0 ? hashes.join(' ') : "'none'"}`,
      "style-src 'self'",
      "img-src 'self' data:",
      `form-action ${formAction}`,
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ];
    if (options.https) directives.push('upgrade-insecure-requests');
    return directives.join('; ');
  };
}
