/**
 * What a staff people search must name (decision 081), without zod: the staff area checks it
 * before asking, the server's schema refuses the rest with the same sentence.
 */

/** What a people search must say when it is not specific enough. */
export const PEOPLE_QUERY_MESSAGE = 'Digite o e-mail completo ou o nome e o sobrenome da pessoa.';

/**
 * A people search names one person: a whole e-mail address, or a name of at least two words of two
 * letters or more. A few letters would list everyone, a dozen queries at a time.
 */
export function isSpecificPeopleQuery(text: string): boolean {
  const query = text.trim();
  if (query.includes('@')) return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(query);
  return query.split(/\s+/).filter((word) => word.length >= 2).length >= 2;
}
