/**
 * What a staff people search must name (decision 081), without zod: the staff area checks it
 * before asking, the server's schema refuses the rest with the same sentence.
 */

/** What a people search must say when it is not specific enough. */
export const PEOPLE_QUERY_MESSAGE =
  'Digite o e-mail completo, o celular com DDD ou o nome e o sobrenome da pessoa.';

/**
 * A whole Brazilian mobile phone as typed (11 digits with the area code, or 13 with the country's),
 * in its digits; null when the text is not one (decision 095: the desk finds a person by phone).
 */
export function phoneQueryDigits(text: string): string | null {
  const query = text.trim();
  if (!/^[\d\s()+-]+$/.test(query)) return null;
  const digits = query.replace(/\D/g, '');
  return digits.length === 11 || digits.length === 13 ? digits : null;
}

/**
 * A people search names one person: a whole e-mail address, a whole phone, or a name of at least
 * two words of two letters or more. A few letters would list everyone, a dozen queries at a time.
 */
export function isSpecificPeopleQuery(text: string): boolean {
  const query = text.trim();
  if (phoneQueryDigits(query) !== null) return true;
  if (query.includes('@')) return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(query);
  return query.split(/\s+/).filter((word) => word.length >= 2).length >= 2;
}
