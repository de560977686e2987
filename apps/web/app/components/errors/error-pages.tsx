/**
 * The site's two error screens, one markup: 'Página Não Encontrada' (the 404 page, prerendered once
 * and served at every unknown address, and what a signed-out visitor sees on a signed-in page) and
 * 'Algo deu errado' (a page that failed unexpectedly, from the root's error boundary).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './errors.css';

export const NOT_FOUND_TITLE = 'Página Não Encontrada';
export const ERROR_TITLE = 'Algo deu errado';

function StatusPage({
  code,
  title,
  children,
}: {
  code?: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="page not-found">
      {code && (
        <p className="not-found__code" aria-hidden="true">
          {code}
        </p>
      )}
      <h1>{title}</h1>
      <p className="lead">{children}</p>
      <div className="actions not-found__actions">
        <Link className="btn btn-primary" to="/">
          Voltar para o início
        </Link>
      </div>
    </div>
  );
}

/** The 404 page. It must not depend on the address: it is served, prerendered, at any unknown path. */
export function NotFoundPage() {
  return (
    <StatusPage code="404" title={NOT_FOUND_TITLE}>
      O endereço que você procurou não existe ou foi alterado. Confira se ele foi digitado
      corretamente ou volte para a página inicial.
    </StatusPage>
  );
}

/** Shown when a page fails unexpectedly. */
export function ErrorPage() {
  return (
    <StatusPage title={ERROR_TITLE}>
      Não foi possível mostrar esta página agora. Tente recarregar em alguns instantes ou volte para
      a página inicial.
    </StatusPage>
  );
}
