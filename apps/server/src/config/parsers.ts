/**
 * The parsers every part of the environment schema shares (zod). Each takes the variable's raw
 * text; a blank value counts as unset. Messages follow the variable's name in the report
 * ("PORT must be ..."), in English: they are for whoever runs the server.
 */
import path from 'node:path';
import { GUID } from '@centro/contracts/identity';
import { z } from 'zod';

/** Microsoft's global authority, the default of ENTRA_AUTHORITY_HOST and GRAPH_AUTHORITY_HOST. */
export const MICROSOFT_AUTHORITY = 'https://login.microsoftonline.com';

/** A variable's text, or undefined when it is unset or blank. */
export const text = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** Text with a default. */
export const textOr = (fallback: string) => text.transform((value) => value ?? fallback);

/** One of `values` (case-insensitive), or `fallback` when unset. */
export const oneOf = <const T extends string>(values: readonly T[], fallback: T) =>
  text.transform((value, ctx): T => {
    if (value === undefined) return fallback;
    const lower = value.toLowerCase();
    if (!(values as readonly string[]).includes(lower)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be ${values.join(' or ')} (got "${value}")`,
      });
      return z.NEVER;
    }
    return lower as T;
  });

/**
 * A whole number from `min` to `max`, or `fallback` when unset; `what` says what it counts
 * ("a number of seconds"): "must be <what> from <min> to <max>".
 */
export const integerRange = (fallback: number, min: number, max: number, what: string) =>
  text.transform((value, ctx) => {
    if (value === undefined) return fallback;
    const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
    if (!(n >= min && n <= max)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be ${what} from ${min} to ${max} (got "${value}")`,
      });
      return z.NEVER;
    }
    return n;
  });

/** A TCP port (0 to 65535), 3000 when unset. */
export const port = text.transform((value, ctx) => {
  if (value === undefined) return 3000;
  const n = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 0 && n <= 65535)) {
    ctx.addIssue({
      code: 'custom',
      message: `must be an integer from 0 to 65535 (got "${value}")`,
    });
    return z.NEVER;
  }
  return n;
});

/** An absolute directory (relative values resolved against the working directory). */
export const directory = (fallback: string) =>
  text.transform((value) => path.resolve(value ?? fallback));

/** A file, made absolute; undefined when unset. */
export const file = text.transform((value) =>
  value === undefined ? undefined : path.resolve(value),
);

/** A GUID, lower-cased; undefined when unset. `what` names it in the message. */
export const guid = (what: string) =>
  text.transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (!GUID.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be ${what}, a GUID such as 11111111-2222-3333-4444-555555555555 (got "${value}")`,
      });
      return z.NEVER;
    }
    return value.toLowerCase();
  });

/** `true` or `false` (any case); `fallback` when unset. */
export const boolean = (fallback: boolean) =>
  text.transform((value, ctx) => {
    if (value === undefined) return fallback;
    const lower = value.toLowerCase();
    if (lower !== 'true' && lower !== 'false') {
      ctx.addIssue({ code: 'custom', message: `must be true or false (got "${value}")` });
      return z.NEVER;
    }
    return lower === 'true';
  });

export function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** An http(s) origin (no path, query, fragment or credentials), as `URL.origin`. */
export const httpOrigin = text.transform((value, ctx) => {
  if (value === undefined) return undefined;
  const url = parseUrl(value);
  const isOrigin =
    url !== undefined &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password;
  if (!url || !isOrigin) {
    ctx.addIssue({
      code: 'custom',
      message: `must be an http(s) origin such as https://centro.org.br, without path, query or fragment (got "${value}")`,
    });
    return z.NEVER;
  }
  return url.origin;
});

/** An https URL without credentials, query or fragment (Graph's settings); undefined if not one. */
export function httpsUrl(raw: string): URL | undefined {
  const url = parseUrl(raw);
  return url?.protocol === 'https:' && !url.username && !url.password && !url.search && !url.hash
    ? url
    : undefined;
}

const EMAIL = z.email();

/** One e-mail address (`ana@centro.org.br`). */
export const isEmailAddress = (value: string): boolean => EMAIL.safeParse(value).success;

/** `"Name" <address>`, `Name <address>` or a bare address. */
export function isMailbox(value: string): boolean {
  const named = /^\s*(?:"[^"\r\n]*"|[^"<>\r\n]*?)\s*<([^<>\s]+)>\s*$/.exec(value);
  return isEmailAddress(named ? (named[1] ?? '') : value.trim());
}

/**
 * Text that must pass `check`, or undefined when unset; `message` follows the variable's name.
 * The value is never repeated in the message (it may hold a password).
 */
export const textWhere = (check: (value: string) => boolean, message: string) =>
  text.refine((value) => value === undefined || check(value), message);

/** An IANA time zone (`America/Sao_Paulo`), `fallback` when unset. */
export const timeZone = (fallback: string) =>
  text.transform((value, ctx) => {
    const zone = value ?? fallback;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return zone;
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: `must be an IANA time zone such as America/Sao_Paulo (got "${zone}")`,
      });
      return z.NEVER;
    }
  });

/** A wall-clock time `HH:MM` (24-hour clock), `fallback` when unset; `what` names it. */
export const clockTime = (fallback: string, what: string) =>
  text.transform((value, ctx) => {
    const time = value ?? fallback;
    const match = /^(\d{1,2}):(\d{2})$/.exec(time);
    if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) {
      ctx.addIssue({
        code: 'custom',
        message: `must be ${what} as HH:MM, 24-hour clock (got "${time}")`,
      });
      return z.NEVER;
    }
    return { hour: Number(match[1]), minute: Number(match[2]) };
  });
