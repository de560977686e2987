/**
 * How the pages' renderer marks the scripts it emits (decision 003): React Router gives each of
 * its scripts the nonce of the render, a random value written first in the output as a comment
 * (`<!--centro-script-nonce:…-->`, before the doctype, where no content can go). The build's last
 * step (scripts/optimize-pages.mjs) reads it, takes out the nonces and the comment, lists those
 * scripts for the page's CSP, and refuses a page holding any other script.
 */
export const SCRIPT_NONCE_COMMENT = 'centro-script-nonce:';

/** A new nonce for one render: 128 random bits, base64url. */
export function newScriptNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
