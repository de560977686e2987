/** The first sentence of a paragraph (up to and including its first '.', '!' or '?'). */
export function firstSentence(text: string): string {
  const match = /^.+?[.!?](?=\s|$)/s.exec(text.trim());
  return match ? match[0] : text.trim();
}
