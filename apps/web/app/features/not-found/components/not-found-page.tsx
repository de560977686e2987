import { Link } from 'react-router';
import '../not-found.css';

export const NOT_FOUND_TITLE = 'Página Não Encontrada';

/** The 404 page. It must not depend on the address: it is served, prerendered, at any unknown path. */
export function NotFoundPage() {
  return (
    <div className="page not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{NOT_FOUND_TITLE}</h1>
      <p className="lead">
        O endereço que você procurou não existe ou foi alterado. Confira se ele foi digitado
        corretamente ou volte para a página inicial.
      </p>
      <div className="actions not-found__actions">
        <Link className="btn btn-primary" to="/">
          Voltar para o início
        </Link>
      </div>
    </div>
  );
}
