/**
 * Section 5's formatting rules, pure and shared: the website formats what a person types, and the
 * server checks and normalises what it receives, with the same code. No validation library here, so
 * the website's bundle can import this module on its own.
 */

/** Outcome of a formatter: the formatted value, or why the input cannot be formatted. */
export type FormatResult =
  { ok: true; value: string } | { ok: false; reason: 'length' | 'invalid' };

const onlyDigits = (input: string): string => input.replace(/\D/g, '');

/**
 * Phone: non-digits stripped; 13 digits → "+CC DD NNNNN-NNNN"; 11 digits → "+55 DD NNNNN-NNNN";
 * any other length → `{ ok: false, reason: 'length' }`.
 */
export function formatPhone(input: string): FormatResult {
  const digits = onlyDigits(input);
  const national = digits.length === 13 ? digits.slice(2) : digits.length === 11 ? digits : null;
  if (national === null) return { ok: false, reason: 'length' };
  const country = digits.length === 13 ? digits.slice(0, 2) : '55';
  return {
    ok: true,
    value: `+${country} ${national.slice(0, 2)} ${national.slice(2, 7)}-${national.slice(7)}`,
  };
}

/** Birth date: non-digits stripped; exactly 8 digits → "DD/MM/YYYY"; otherwise a length failure. */
export function formatBirthDate(input: string): FormatResult {
  const digits = onlyDigits(input);
  if (digits.length !== 8) return { ok: false, reason: 'length' };
  return { ok: true, value: `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}` };
}

/** True when "DD/MM/YYYY" names a real calendar day that is not after `today` (and after 1900). */
export function isPlausibleBirthDate(value: string, today: Date = new Date()): boolean {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!match) return false;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return false;
  const todayUtc = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return date.getTime() <= todayUtc;
}

/** The normalised phone shape the server stores: "+CC DD NNNNN-NNNN". */
export const normalisedPhonePattern = /^\+\d{2} \d{2} \d{5}-\d{4}$/;

/** The directory fields a person's phone and birth date are read from (Graph's names). */
export interface PersonFields {
  mobilePhone?: string | null;
  extensionCelular?: string | null;
  dataNascimento?: string | null;
  extensionDataNascimento?: string | null;
  birthday?: string | null;
}

const present = (...values: (string | null | undefined)[]) =>
  values.find((v): v is string => typeof v === 'string' && v.trim() !== '') ?? null;

/**
 * The person's phone, as every screen, list and file shows it (decision 078): the value Perfil and
 * enrolment write (`mobilePhone`) first, the one given at sign-up (`extensionCelular`) only while
 * nothing was written since.
 */
export function personPhone(user: PersonFields): string | null {
  return present(user.mobilePhone, user.extensionCelular);
}

/**
 * The person's birth date, DD/MM/YYYY when it can be read (decision 078): the attribute Perfil and
 * enrolment write (`dataNascimento`) first, then the one given at sign-up, then Graph's `birthday`
 * (ISO, turned around).
 */
export function personBirthDate(user: PersonFields): string | null {
  const value = present(user.dataNascimento, user.extensionDataNascimento, user.birthday);
  if (value === null) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:T|$)/.exec(value.trim());
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : value;
}
