/**
 * The interaction's two forms, sign in and create an account, in pt-BR. Plain HTML forms, no
 * script. Accessibility: one h1, labels bound to inputs, hints and errors tied with
 * aria-describedby, an error summary linking to the fields, "Erro:" in the title when the form
 * has errors.
 */
import type { FieldErrors, SignInField, SignUpField } from '../routes/form-validation.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../routes/form-validation.js';
import {
  CancelForm,
  ErrorSummary,
  Field,
  FieldError,
  FormError,
  type InteractionPaths,
  type SummaryItem,
} from './form-parts.js';
import { Layout, renderPage, type SiteIdentity } from './layout.js';
import { passwordHint, passwordNoteScript } from './password-hint.js';

export interface SignInPageOptions {
  site: SiteIdentity;
  paths: InteractionPaths;
  email?: string;
  errors?: FieldErrors<SignInField>;
  /** A message about the whole form: wrong credentials, or too many attempts. */
  formError?: string;
}

export function signInPage({
  site,
  paths,
  email = '',
  errors = {},
  formError,
}: SignInPageOptions): string {
  const summary: SummaryItem[] = [];
  if (formError) summary.push({ target: 'email', message: formError });
  if (errors.email) summary.push({ target: 'email', message: errors.email });
  if (errors.senha) summary.push({ target: 'senha', message: errors.senha });
  const formErrorIds = formError ? ['entrar-erro'] : [];
  return renderPage(
    <Layout site={site} title="Entrar" hasErrors={summary.length > 0}>
      <h1>Entrar</h1>
      <p className="lead">
        Entre com o e-mail e a senha da sua conta para se inscrever nos cursos.
      </p>
      <ErrorSummary items={summary} />
      <form method="post" action={paths.signIn} noValidate>
        <FormError id="entrar-erro" message={formError} />
        <Field
          name="email"
          label="E-mail"
          type="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          error={errors.email}
          describedBy={formErrorIds}
          maxLength={254}
        />
        <Field
          name="senha"
          label="Senha"
          type="password"
          autoComplete="current-password"
          error={errors.senha}
          describedBy={formErrorIds}
        />
        <div className="actions">
          <button className="btn btn-primary" type="submit">
            Entrar
          </button>
        </div>
      </form>
      <div className="alt">
        <p>
          Ainda não tem conta? <a href={paths.signUp}>Criar conta</a>
        </p>
        <p>
          <a href={`${paths.forgotPassword}${email ? `?email=${encodeURIComponent(email)}` : ''}`}>
            Esqueci minha senha
          </a>
        </p>
        <CancelForm paths={paths} />
      </div>
    </Layout>,
  );
}

export interface SignUpPageOptions {
  site: SiteIdentity;
  paths: InteractionPaths;
  /** Values to show again (never the password). */
  values?: Partial<Record<Exclude<SignUpField, 'senha'>, string>>;
  errors?: FieldErrors<SignUpField>;
  /** The e-mail has an account already: the message links to the sign-in page. */
  emailTaken?: boolean;
  /** A message about the whole form (too many accounts from this network). */
  formError?: string;
}

const SIGN_UP_ORDER: SignUpField[] = [
  'nome',
  'email',
  'senha',
  'celular',
  'nascimento',
  'consentimento',
];

export function signUpPage({
  site,
  paths,
  values = {},
  errors = {},
  emailTaken = false,
  formError,
}: SignUpPageOptions): string {
  const summary = SIGN_UP_ORDER.flatMap((name): SummaryItem[] => {
    const message = errors[name];
    return message ? [{ target: name, message }] : [];
  });
  if (formError) summary.unshift({ target: 'nome', message: formError });
  const email = values.email ?? '';
  const emailError =
    emailTaken && errors.email ? (
      <>
        {errors.email}{' '}
        <a href={`${paths.signIn}?email=${encodeURIComponent(email)}`}>Entrar com este e-mail</a>
      </>
    ) : (
      errors.email
    );
  const consentIds = ['consentimento-dica', errors.consentimento ? 'consentimento-erro' : '']
    .filter(Boolean)
    .join(' ');
  return renderPage(
    <Layout
      site={site}
      title="Criar conta"
      hasErrors={summary.length > 0}
      script={passwordNoteScript(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH)}
    >
      <h1>Criar conta</h1>
      <p className="lead">
        Preencha seus dados para se inscrever nos cursos. Todos os campos são obrigatórios.
      </p>
      <ErrorSummary items={summary} />
      <form method="post" action={paths.signUp} noValidate>
        <FormError id="criar-conta-erro" message={formError} />
        <Field
          name="nome"
          label="Nome"
          type="text"
          autoComplete="name"
          value={values.nome ?? ''}
          error={errors.nome}
          maxLength={120}
        />
        <Field
          name="email"
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          error={emailError}
          maxLength={254}
        />
        <Field
          name="senha"
          label="Senha"
          type="password"
          autoComplete="new-password"
          hint={passwordHint()}
          error={errors.senha}
          maxLength={128}
        />
        <Field
          name="celular"
          label="Celular"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint={
            <>
              Com DDD, por exemplo <span className="nowrap">(11) 91234-5678</span>.
            </>
          }
          value={values.celular ?? ''}
          error={errors.celular}
          maxLength={30}
        />
        <Field
          name="nascimento"
          label="Data de nascimento"
          type="text"
          autoComplete="bday"
          inputMode="numeric"
          hint="No formato DD/MM/AAAA, por exemplo 25/12/1990."
          value={values.nascimento ?? ''}
          error={errors.nascimento}
          maxLength={10}
        />
        <div className={`field check-field${errors.consentimento ? ' field--error' : ''}`}>
          <p className="hint" id="consentimento-dica">
            Veja como usamos seus dados no{' '}
            <a href="/privacidade" target="_blank" rel="noopener">
              aviso de privacidade
            </a>{' '}
            (abre em uma nova aba).
          </p>
          {errors.consentimento ? (
            <FieldError id="consentimento-erro">{errors.consentimento}</FieldError>
          ) : null}
          <div className="check">
            <input
              id="consentimento"
              name="consentimento"
              type="checkbox"
              value="sim"
              required
              aria-describedby={consentIds}
              aria-invalid={errors.consentimento ? true : undefined}
              defaultChecked={Boolean(values.consentimento)}
            />
            <label htmlFor="consentimento">
              Li o aviso de privacidade e concordo com o uso dos meus dados para o cadastro e as
              inscrições nos cursos.
            </label>
          </div>
        </div>
        <div className="actions">
          <button className="btn btn-primary" type="submit">
            Criar conta
          </button>
        </div>
      </form>
      <div className="alt">
        <p>
          Já tem conta? <a href={paths.signIn}>Entrar</a>
        </p>
        <CancelForm paths={paths} />
      </div>
    </Layout>,
  );
}
