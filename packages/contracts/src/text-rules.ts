/**
 * The texts' rules without zod or Markdown (decision 016), for the staff area's form and the
 * schemas alike (`@centro/contracts/text-rules`): the lengths, the documents, and a first look at
 * the links (the server reads them with markdown-it, rich-text.ts, and has the last word).
 */
import { isAllowedLink } from './content-rules.js';

export const TEXT_LIMITS = {
  introduction: 4000,
  about: 6000,
  welcome: 200,
  summaryMin: 40,
  summary: 200,
  description: 5000,
  cycle: 1500,
} as const;

/** The text documents: the home page, 'Saiba mais', and each course by its page's path. */
export function isTextDocument(document: string, coursePaths: readonly string[]): boolean {
  return document === 'home' || document === 'about' || coursePaths.includes(document);
}

/** The problem of a text's length, in pt-BR, or null. */
export function textProblem(label: string, value: string, max: number, min = 1): string | null {
  const length = value.trim().length;
  if (length === 0) return `${label}: campo obrigatório.`;
  if (length < min) return `${label}: ao menos ${min} caracteres.`;
  if (length > max) return `${label}: no máximo ${max} caracteres.`;
  return null;
}

/** The targets of `[text](target)` links in a Markdown text that the site would refuse. */
export function linksRefusedAtAGlance(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(\s*<?([^)\s>]*)/g)]
    .map((match) => match[1] ?? '')
    .filter((link) => !isAllowedLink(link));
}
