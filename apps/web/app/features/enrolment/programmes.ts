/**
 * The programmes' names by slug, for the confirmation page's way back. Kept here rather than read from
 * @centro/content, whose full course texts would otherwise land in this route's chunk.
 */
const names: Record<string, string> = {
  'global-kardec': 'Global Kardec',
  'escola-de-mediuns': 'Escola de Médiuns',
};

export function getProgrammeName(slug: string): string | null {
  return names[slug] ?? null;
}
