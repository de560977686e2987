/**
 * 'Confirme seu e-mail': the six digits e-mailed after sign-up, or at the sign-in of an
 * account whose address is not yet confirmed, with 'Reenviar código'. Same forms and accessibility
 * as the sign-in pages.
 */
import { EMAIL_CODE_TTL_MINUTES } from '../../mail/messages/messages.js';
import { CancelForm, ErrorSummary, Field, type InteractionPaths } from './form-parts.js';
import { Layout, renderPage, type SiteIdentity } from './layout.js';

export interface VerifyEmailPageOptions {
  site: SiteIdentity;
  paths: InteractionPaths;
  /** The address the code went to. */
  email: string;
  error?: string;
  /** A note above the form (a new code was sent, or must be waited for). */
  notice?: string;
}

export function verifyEmailPage({ site, paths, email, error, notice }: VerifyEmailPageOptions) {
  return renderPage(
    <Layout site={site} title="Confirme seu e-mail" hasErrors={Boolean(error)}>
      <h1>Confirme seu e-mail</h1>
      <p className="lead">
        Enviamos um código de 6 dígitos para <strong>{email}</strong>. Digite-o abaixo para
        continuar. O código vale por {EMAIL_CODE_TTL_MINUTES} minutos.
      </p>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      <ErrorSummary items={error ? [{ target: 'codigo', message: error }] : []} />
      <form method="post" action={paths.verifyEmail} noValidate>
        <Field
          name="codigo"
          label="Código"
          type="text"
          autoComplete="one-time-code"
          inputMode="numeric"
          hint="Não chegou? Confira a caixa de spam ou lixo eletrônico."
          error={error}
          maxLength={12}
        />
        <div className="actions">
          <button className="btn btn-primary" type="submit">
            Confirmar
          </button>
        </div>
      </form>
      <div className="alt">
        <form method="post" action={paths.resendCode}>
          <button className="btn-link" type="submit">
            Reenviar código
          </button>
        </form>
        <CancelForm paths={paths} />
      </div>
    </Layout>,
  );
}
