import { useEffect, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from 'react-router';
import type { Route } from './+types/root';
import { AuthProvider } from '~/auth/auth-provider';
import {
  ERROR_TITLE,
  ErrorPage,
  NOT_FOUND_TITLE,
  NotFoundPage,
} from '~/components/errors/error-pages';
import { Toaster } from '~/components/toasts/toaster';
import { getShellData } from '~/features/layout/data.server';
import { publishedContent } from '~/lib/published-content.server';
import { SiteShell } from '~/features/layout/components/site-shell';
import { AuthButton } from '~/components/auth-button';
import { announceHydrated } from '~/lib/hydration';
import { pageTitle } from '~/lib/seo';
import { useShell } from '~/lib/shell';
import './styles/global.css';

/**
 * Runs at build time, or when the server renders a page again from edited content (the contact
 * details of the footer, decision 068): the site's shell data, embedded in every prerendered page.
 */
export function loader({ context }: Route.LoaderArgs) {
  return getShellData(context.get(publishedContent));
}

/** The shell data is fixed at build time: never fetch it again while navigating. */
export function shouldRevalidate() {
  return false;
}

/**
 * Used only where no route sets its own head (the client-rendered shell). On errors, the error
 * boundary renders the title itself.
 */
export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  loaderData && !error ? [{ title: loaderData.site.portalName }] : [];

export function Layout({ children }: { children: ReactNode }) {
  const shell = useShell();
  // After the children's effects (the auth state's start-up among them).
  useEffect(announceHydrated, []);
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {shell && <meta name="theme-color" content={shell.themeColor} />}
        <Meta />
        {shell && <link rel="icon" href={shell.iconHref} type="image/svg+xml" />}
        {/* Written by the build (scripts/preview-images.mjs): 'Adicionar à tela inicial'. */}
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        {/* No <Links /> in the build: no route has links of its own, and the site's one stylesheet
            is inlined into every prerendered page by scripts/optimize-pages.mjs (decision 010).
            The development server still links its styles. */}
        {import.meta.env.DEV ? <Links /> : null}
      </head>
      <body>
        <AuthProvider settings={shell?.auth}>
          {children}
          <Toaster />
        </AuthProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <SiteShell authAction={<AuthButton />}>
      <Outlet />
    </SiteShell>
  );
}

/**
 * The client-rendered shell (__spa-fallback.html) of the signed-in pages, shown until the page's
 * code has loaded. Prerendered at "/" but served at several addresses: no current page in the menu.
 */
export function HydrateFallback() {
  return (
    <SiteShell authAction={<AuthButton />} markCurrentPage={false}>
      <p className="page" role="status">
        Carregando…
      </p>
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const portalName = useShell()?.site.portalName;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? NOT_FOUND_TITLE : ERROR_TITLE;
  return (
    <SiteShell authAction={<AuthButton />}>
      {portalName && <title>{pageTitle(title, portalName)}</title>}
      {notFound ? <NotFoundPage /> : <ErrorPage />}
    </SiteShell>
  );
}
