/**
 * The centre's look, shared by the website and the built-in provider's pages: the browser theme
 * colour, the icon (the same drawing as apps/web/public/favicon.svg) and the footer's year
 * ("<portal name> 2025", spec section 2). The palette is a stylesheet of its own,
 * `@centro/content/brand.css`. Plain data, no imports: the browser entry may re-export it.
 */

export const brand = {
  /** `<meta name="theme-color">`: the palette's --blue (brand.css). */
  themeColor: '#1f3a5f',
  // PLACEHOLDER: the name under the icon once the site is added to a phone's home screen (about 12
  // characters fit).
  /** The web app manifest's `short_name`. */
  shortName: 'Caminho da Luz',
  /** Year shown beside the portal's name in the footer. */
  footerYear: 2025,
  /** The centre's icon, an SVG document (favicon and header mark). */
  iconSvg:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="#1f3a5f"/><path d="M32 11c5 8 10 12 10 19a10 10 0 0 1-20 0c0-7 5-11 10-19z" fill="#e0a526"/><path d="M32 22c2.5 4 5 6 5 9.5a5 5 0 0 1-10 0c0-3.5 2.5-5.5 5-9.5z" fill="#fdf3dc"/><path d="M12 44c7-3 14-3 20 1 6-4 13-4 20-1v6c-7-3-14-3-20 1-6-4-13-4-20-1z" fill="#dbe9f6"/></svg>',
} as const;
