/**
 * What a check-in token looks like (decision 097), without zod: the staff phone checks a scanned
 * text before asking the server about it.
 */

/** 32 upper-case hex characters: what the database gives each place. */
export const CHECK_IN_TOKEN_PATTERN = /^[0-9A-F]{32}$/;

/** A scanned text as a token (spaces dropped, upper case), or null when it cannot be one. */
export function checkInTokenOf(text: string): string | null {
  const token = text.trim().toUpperCase();
  return CHECK_IN_TOKEN_PATTERN.test(token) ? token : null;
}
