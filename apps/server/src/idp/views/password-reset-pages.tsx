/**
 * 'Esqueci minha senha': ask for a link, the same answer whether or not the address has
 * an account, and the page of the e-mailed link where the new password is chosen. Same forms and
 * accessibility as the sign-in pages.
 */
import { PASSWORD_RESET_TTL_MINUTES } from '../../mail/messages/messages.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../routes/form-validation.js';
import { CancelForm, ErrorSummary, Field, type InteractionPaths } from './form-parts.js';
import { Layout, renderPage, type SiteIdentity } from './layout.js';
import { passwordHint, passwordNoteScript } from './password-hint.js';

export interface ForgotPasswordPageOptions {
  site: SiteIdentity;
  paths: InteractionPaths;
  email?: string;
  error?: string;
}

export function forgotPasswordPage({ site, paths, email = '', error }: ForgotPasswordPageOptions) {
  return renderPage(
    <Layout site={site} title="Esqueci minha senha" hasErrors={Boolean(error)}>
      <h1>Esqueci minha senha</h1>
      <p className="lead">
        Informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha.
      </p>
      <ErrorSummary items={error ? [{ target: 'email', message: error }] : []} />
      <form method="post" action={paths.forgotPassword} noValidate>
        <Field
          name="email"
          label="E-mail"
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          error={error}
          maxLength={254}
        />
        <div className="actions">
          <button className="btn btn-primary" type="submit">
            Enviar link
          </button>
        </div>
      </form>
      <div className="alt">
        <p>
          Lembrou a senha? <a href={paths.signIn}>Entrar</a>
        </p>
        <CancelForm paths={paths} />
      </div>
    </Layout>,
  );
}

/** The answer to every request for a link, whether or not the address has an account. */
export function resetLinkSentPage({
  site,
  paths,
}: {
  site: SiteIdentity;
  paths: InteractionPaths;
}) {
  return renderPage(
    <Layout site={site} title="Verifique seu e-mail">
      <h1>Verifique seu e-mail</h1>
      <p className="lead">
        Se houver uma conta com este e-mail, enviamos para ele um link para criar uma nova senha.
      </p>
      <p>
        O link vale por {PASSWORD_RESET_TTL_MINUTES} minutos e pode ser usado uma só vez. Não
        chegou? Confira a caixa de spam ou lixo eletrônico e, se preciso, peça outro link em alguns
        minutos.
      </p>
      <div className="alt">
        <p>
          <a href={paths.signIn}>Voltar para Entrar</a>
        </p>
        <CancelForm paths={paths} />
      </div>
    </Layout>,
  );
}

export interface NewPasswordPageOptions {
  site: SiteIdentity;
  /** Where the form posts (the link's page). */
  action: string;
  /** The link's token, sent back with the new password. */
  token: string;
  error?: string;
}

export function newPasswordPage({ site, action, token, error }: NewPasswordPageOptions) {
  return renderPage(
    <Layout
      site={site}
      title="Criar nova senha"
      hasErrors={Boolean(error)}
      script={passwordNoteScript(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH)}
    >
      <h1>Criar nova senha</h1>
      <p className="lead">
        Escolha a nova senha da sua conta. Ao salvar, as sessões abertas em outros aparelhos serão
        encerradas.
      </p>
      <ErrorSummary items={error ? [{ target: 'senha', message: error }] : []} />
      <form method="post" action={action} noValidate>
        <input type="hidden" name="token" value={token} />
        <Field
          name="senha"
          label="Nova senha"
          type="password"
          autoComplete="new-password"
          hint={passwordHint()}
          error={error}
          maxLength={128}
        />
        <div className="actions">
          <button className="btn btn-primary" type="submit">
            Salvar nova senha
          </button>
        </div>
      </form>
    </Layout>,
  );
}

export interface ConfirmContactPageOptions {
  site: SiteIdentity;
  action: string;
  token: string;
  /** The new address. */
  email: string;
}

/**
 * The link of a new contact address: a button, not a change on opening (mail scanners open links),
 * so the address changes only when its owner confirms.
 */
export function confirmContactPage({ site, action, token, email }: ConfirmContactPageOptions) {
  return renderPage(
    <Layout site={site} title="Confirmar novo e-mail">
      <h1>Confirmar novo e-mail</h1>
      <p className="lead">
        <strong>{email}</strong> passará a ser o e-mail de contato da sua conta.
      </p>
      <form method="post" action={action}>
        <input type="hidden" name="token" value={token} />
        <div className="actions">
          <button className="btn btn-primary" type="submit">
            Confirmar novo e-mail
          </button>
        </div>
      </form>
    </Layout>,
  );
}
