/** Typed access to the root route's data (the site's shell), from meta functions and components. */
import { useRouteLoaderData } from 'react-router';
import type { AuthSettings } from '~/config/auth-settings';
import type { SiteInfo } from './seo';

/** Data of the site's shell (head, navigation, footer): the root route's loader data. */
export interface ShellData {
  site: SiteInfo;
  centreName: string;
  /** The year beside the portal's name in the footer (content's `brand`, shared with the provider). */
  footerYear: number;
  /** The browser's theme colour (`<meta name="theme-color">`, content's `brand`). */
  themeColor: string;
  /**
   * The centre's icon as a `data:` address (favicon and header mark). Data of the page rather than
   * a constant of the code: the pages' scripts do not carry the drawing (the public pages' JavaScript budget).
   */
  iconHref: string;
  /** Where the 'Global Kardec' menu item goes: the programme's first course page (spec section 2). */
  firstCoursePath: string;
  contact: {
    whatsappHref: string;
    whatsappDisplay: string;
    email: string;
    addressLine: string;
  };
  /** The identity provider's settings of this build (see app/auth/msal-config.ts). */
  auth: AuthSettings;
}

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The shell data among a meta function's matches (undefined if the root loader failed). */
export function rootShell(matches: readonly (MatchLike | undefined)[]): ShellData | undefined {
  return matches.find((match) => match?.id === 'root')?.loaderData as ShellData | undefined;
}

/** The shell data inside components (undefined if the root loader failed). */
export function useShell(): ShellData | undefined {
  return useRouteLoaderData('root') as ShellData | undefined;
}
