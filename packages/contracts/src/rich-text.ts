/**
 * The site's edited texts (decision 064): Markdown limited to paragraphs, bold, italics
 * and links, read with markdown-it on the server only (the page's HTML is made when it is rendered;
 * `@centro/contracts/rich-text` never reaches a browser bundle). Safe by construction: markdown-it's
 * `zero` preset with only those rules, raw HTML off (a `<script>` is text, escaped), a link only
 * when `isAllowedLink` accepts it, and every token checked against the allowed ones before any
 * HTML is written.
 */
import MarkdownIt, { type Token } from 'markdown-it';
import { isAllowedLink } from './content-rules.js';

/** Every link's target, as markdown-it normalised it, seen by the parse under way. */
let seenLinks: string[] = [];

const markdown = new MarkdownIt('zero', {
  html: false,
  linkify: false,
  typographer: false,
  breaks: false,
}).enable(['paragraph', 'emphasis', 'link', 'newline', 'escape']);

markdown.validateLink = (url: string) => {
  seenLinks.push(url);
  return isAllowedLink(url);
};

/** The tokens a text may hold: anything else is a bug in the rules above, never written out. */
const BLOCK_TOKENS = new Set(['paragraph_open', 'paragraph_close', 'inline']);
const INLINE_TOKENS = new Set([
  'text',
  'softbreak',
  'hardbreak',
  'strong_open',
  'strong_close',
  'em_open',
  'em_close',
  'link_open',
  'link_close',
]);

/**
 * `[text]()`: markdown-it makes a link to nothing without asking `validateLink`; its text stays,
 * unlinked (links do not nest, so the next `link_close` is its own).
 */
function withoutEmptyLinks(children: Token[]): Token[] {
  let unlinking = false;
  return children.filter((child) => {
    if (child.type === 'link_open' && !child.attrGet('href')) return !(unlinking = true);
    if (child.type === 'link_close' && unlinking) return (unlinking = false);
    return true;
  });
}

function parse(source: string): { tokens: Token[]; links: string[] } {
  seenLinks = [];
  try {
    const tokens = markdown.parse(source, {});
    for (const token of tokens) {
      if (!BLOCK_TOKENS.has(token.type)) throw new Error(`rich text: unexpected ${token.type}`);
      if (token.children) token.children = withoutEmptyLinks(token.children);
      for (const child of token.children ?? []) {
        if (!INLINE_TOKENS.has(child.type)) throw new Error(`rich text: unexpected ${child.type}`);
        if (child.type === 'link_open' && !isAllowedLink(String(child.attrGet('href') ?? ''))) {
          throw new Error('rich text: a link that is not allowed');
        }
      }
    }
    return { tokens, links: seenLinks };
  } finally {
    seenLinks = [];
  }
}

/** The HTML of a text: `<p>` paragraphs with `<strong>`, `<em>`, `<a href>` and `<br>` only. */
export function richTextHtml(source: string): string {
  return markdown.renderer.render(parse(source).tokens, markdown.options, {}).trim();
}

/** The text of each paragraph without its marks (meta descriptions, first sentences). */
export function richTextParagraphs(source: string): string[] {
  return parse(source)
    .tokens.filter((token) => token.type === 'inline')
    .map((token) =>
      (token.children ?? [])
        .map((child: Token) =>
          child.type === 'text' ? child.content : child.type.endsWith('break') ? ' ' : '',
        )
        .join('')
        .trim(),
    )
    .filter(Boolean);
}

/** The links of a text that may not appear on the site (`javascript:`, `http:`, `//host`...). */
export function refusedLinks(source: string): string[] {
  return parse(source).links.filter((link) => !isAllowedLink(link));
}

/**
 * Plain paragraphs (`packages/content`'s) as the Markdown that reads back as them: the characters
 * the rules above take as marks (emphasis, links, escapes) are escaped, and only those, so that the
 * staff's text box shows 'Seja bem-vindo!', not 'Seja bem-vindo\!'. A fresh install shows the same
 * words.
 */
export function markdownOfParagraphs(paragraphs: readonly string[]): string {
  return paragraphs.map((p) => p.replace(/[\\*_[\]]/g, '\\$&')).join('\n\n');
}
