import { Link } from 'react-router';
import '../not-found.css';

/** Shown when a page fails unexpectedly. */
export function ErrorPage() {
  return (
    <div className="page not-found">
      <h1>Algo deu errado</h1>
      <p className="lead">
        Não foi possível mostrar esta página agora. Tente recarregar em alguns instantes ou volte
        para a página inicial.
      </p>
      <div className="actions not-found__actions">
        <Link className="btn btn-primary" to="/">
          Voltar para o início
        </Link>
      </div>
    </div>
  );
}
