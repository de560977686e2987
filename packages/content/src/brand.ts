/**
 * The centre's look, shared by the website and the built-in provider's pages: the palette (CSS
 * custom properties without their `--`), the browser theme colour, the icon (the same drawing as
 * apps/web/public/favicon.svg) and the footer's year ("<portal name> 2025", spec section 2).
 * Plain data, no imports: the browser entry may re-export it at no cost.
 */

/** Colours by custom-property name (`blue` is `--blue`). Text colours meet WCAG AA on white. */
export const palette = {
  blue: '#1f3a5f',
  'blue-dark': '#142845',
  /** Accents only: 2.2:1 on white, never text on white. */
  gold: '#e0a526',
  'gold-soft': '#fdf3dc',
  sky: '#dbe9f6',
  'sky-soft': '#f2f7fc',
  text: '#1c2633',
  muted: '#4a5566',
  line: '#c9d8ea',
  error: '#b3261e',
  'error-soft': '#fdeceb',
} as const;

export const brand = {
  palette,
  /** `<meta name="theme-color">`. */
  themeColor: palette.blue,
  /** Year shown beside the portal's name in the footer. */
  footerYear: 2025,
  /** The centre's icon, an SVG document (favicon and header mark). */
  iconSvg:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="#1f3a5f"/><path d="M32 11c5 8 10 12 10 19a10 10 0 0 1-20 0c0-7 5-11 10-19z" fill="#e0a526"/><path d="M32 22c2.5 4 5 6 5 9.5a5 5 0 0 1-10 0c0-3.5 2.5-5.5 5-9.5z" fill="#fdf3dc"/><path d="M12 44c7-3 14-3 20 1 6-4 13-4 20-1v6c-7-3-14-3-20 1-6-4-13-4-20-1z" fill="#dbe9f6"/></svg>',
} as const;

/** The palette as a CSS rule: `:root { --blue: #1f3a5f; … }`. */
export function paletteCss(colours: Readonly<Record<string, string>> = palette): string {
  const declarations = Object.entries(colours).map(([name, value]) => `  --${name}: ${value};`);
  return `:root {\n${declarations.join('\n')}\n}\n`;
}
