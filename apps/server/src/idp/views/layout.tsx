/**
 * The frame of every provider page, in the website's look: skip link, header with the centre's
 * icon and name, the page's card, the footer with the year and the privacy notice. Rendered to
 * static HTML on the server (react-dom/server): the pages carry no JavaScript of React's, and any
 * text given to them is escaped by React.
 */
import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** Who the pages belong to, and their stylesheet: the same on every page. */
export interface SiteIdentity {
  /** The website's name (content's `centre.portalName`). */
  portalName: string;
  /** The centre's contact e-mail (for a forgotten password). */
  contactEmail: string;
  /** Year shown in the footer, as on the website (content's `brand.footerYear`). */
  footerYear: number;
  /** `<meta name="theme-color">` (content's `brand.themeColor`). */
  themeColor: string;
  /** The centre's icon, an SVG document (content's `brand.iconSvg`). */
  iconSvg: string;
  /** Path of the pages' stylesheet (views/stylesheet.ts). */
  stylesheetPath: string;
}

/** A complete HTML document from a page element. */
export function renderPage(page: ReactElement): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(page)}`;
}

export interface LayoutProps {
  site: SiteIdentity;
  /** The page's own title (the portal's name is appended). */
  title: string;
  hasErrors?: boolean;
  children: ReactNode;
  /** Inline script after </main> (auto-submitting forms, the password's note); allowed by its hash. */
  script?: string;
}

export function Layout({ site, title, hasErrors = false, children, script }: LayoutProps) {
  const icon = `data:image/svg+xml,${encodeURIComponent(site.iconSvg)}`;
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="theme-color" content={site.themeColor} />
        <title>{`${hasErrors ? 'Erro: ' : ''}${title} | ${site.portalName}`}</title>
        <link rel="icon" href={icon} type="image/svg+xml" />
        <link rel="stylesheet" href={site.stylesheetPath} />
      </head>
      <body>
        <a className="skip-link" href="#conteudo">
          Pular para o conteúdo
        </a>
        <header className="site-header">
          <div className="page">
            <a className="brand" href="/">
              <img src={icon} width={36} height={36} alt="" />
              <span>{site.portalName}</span>
            </a>
          </div>
        </header>
        <main id="conteudo" tabIndex={-1}>
          <div className="page">
            <div className="card">{children}</div>
          </div>
        </main>
        <footer className="site-footer">
          <div className="page">
            <p>
              {`${site.portalName} ${site.footerYear}`} ·{' '}
              <a href="/privacidade">Aviso de privacidade</a>
            </p>
          </div>
        </footer>
        {script ? <script dangerouslySetInnerHTML={{ __html: script }} /> : null}
      </body>
    </html>
  );
}
