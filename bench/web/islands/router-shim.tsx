/**
 * The islands experiment's stand-in for `react-router` (issue 33 point 3, decision 071): the islands
 * bundle resolves `react-router` here, so the site's own components run without a client router.
 * Links are plain links (every navigation loads the next prerendered page), `useNavigate` assigns
 * the address, and the only match is the page itself. Only what the islands' components import.
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react';

type To = string | { pathname?: string; search?: string; hash?: string };

const href = (to: To) =>
  typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;

export function Link({
  to,
  children,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { to: To; children?: ReactNode }) {
  return (
    <a href={href(to)} data-discover="true" {...rest}>
      {children}
    </a>
  );
}

export function useNavigate() {
  return (to: To | number, options?: { replace?: boolean }) => {
    if (typeof to === 'number') window.history.go(to);
    else if (options?.replace) window.location.replace(href(to));
    else window.location.assign(href(to));
  };
}

export function useLocation() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: null, key: 'default' };
}

/** The page is the only match: its address without a trailing slash. */
export function useMatches() {
  const pathname = window.location.pathname.replace(/(.)\/+$/, '$1');
  return [{ id: 'page', pathname, params: {}, data: undefined, loaderData: undefined, handle: {} }];
}
