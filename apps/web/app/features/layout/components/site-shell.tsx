import type { ReactNode } from 'react';
import { useShell } from '~/lib/shell';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

interface SiteShellProps {
  children: ReactNode;
  /** The 'Acessar' / 'Sair' button of the navigation bar. */
  authAction: ReactNode;
  /**
   * Mark the current page in the navigation bar. Off in the client-rendered shell of the signed-in
   * pages: it is prerendered once and served at several addresses, and must hydrate unchanged.
   */
  markCurrentPage?: boolean;
}

/** Skip link, navigation bar, the page's <main> and the footer. */
export function SiteShell({ children, authAction, markCurrentPage = true }: SiteShellProps) {
  const shell = useShell();
  return (
    <>
      <SkipLink />
      {shell && (
        <SiteHeader
          portalName={shell.site.portalName}
          iconHref={shell.iconHref}
          firstCoursePath={shell.firstCoursePath}
          authAction={authAction}
          markCurrentPage={markCurrentPage}
        />
      )}
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </main>
      {shell && (
        <SiteFooter
          portalName={shell.site.portalName}
          centreName={shell.centreName}
          footerYear={shell.footerYear}
          contact={shell.contact}
        />
      )}
    </>
  );
}
