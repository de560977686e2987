/**
 * The parts the provider's forms are made of: a labelled field with its hint and error tied by
 * aria-describedby, a message about the whole form, the error summary linking to the fields, the
 * interaction's URLs and the "cancel" form.
 */
import type { ReactNode } from 'react';

/** URLs of an interaction's pages. */
export function interactionPaths(mountPath: string, uid: string) {
  const base = `${mountPath}/interaction/${encodeURIComponent(uid)}`;
  return {
    base,
    signIn: `${base}/entrar`,
    signUp: `${base}/criar-conta`,
    forgotPassword: `${base}/esqueci-senha`,
    verifyEmail: `${base}/confirmar-email`,
    resendCode: `${base}/reenviar-codigo`,
    cancel: `${base}/cancelar`,
  };
}

export type InteractionPaths = ReturnType<typeof interactionPaths>;

/** "Erro: <message>", the prefix for screen readers only. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <span className="field-error" id={id}>
      <span className="visually-hidden">Erro: </span>
      {children}
    </span>
  );
}

/** A message about the whole form, at its top (nothing without one). */
export function FormError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p className="field-error" id={id}>
      <span className="visually-hidden">Erro: </span>
      {message}
    </p>
  );
}

export interface FormFieldProps {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password' | 'tel';
  autoComplete: string;
  value?: string;
  hint?: ReactNode;
  error?: ReactNode;
  /** Extra ids for aria-describedby (a message about the whole form). */
  describedBy?: string[];
  inputMode?: 'numeric' | 'tel' | 'email';
  maxLength?: number;
}

export function Field(props: FormFieldProps) {
  const { name, hint, error, describedBy = [] } = props;
  const hintId = hint ? `${name}-dica` : undefined;
  const errorId = error ? `${name}-erro` : undefined;
  const describedByIds = [hintId, errorId, ...describedBy].filter(Boolean).join(' ');
  const invalid = Boolean(error) || describedBy.length > 0;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={name}>{props.label}</label>
      {hintId ? (
        <span className="hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      {errorId ? <FieldError id={errorId}>{error}</FieldError> : null}
      <input
        id={name}
        name={name}
        type={props.type}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        required
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedByIds || undefined}
        defaultValue={props.value}
      />
    </div>
  );
}

export interface SummaryItem {
  /** id of the field the item links to. */
  target: string;
  message: string;
}

export function ErrorSummary({ items }: { items: SummaryItem[] }) {
  if (items.length === 0) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby="resumo-erros">
      <h2 id="resumo-erros">{items.length === 1 ? 'Há um problema' : 'Há alguns problemas'}</h2>
      <ul>
        {items.map((item) => (
          <li key={`${item.target}:${item.message}`}>
            <a href={`#${item.target}`}>{item.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CancelForm({ paths }: { paths: InteractionPaths }) {
  return (
    <form method="post" action={paths.cancel}>
      <button className="btn-link" type="submit">
        Cancelar e voltar ao site
      </button>
    </form>
  );
}
