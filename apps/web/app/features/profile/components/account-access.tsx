/**
 * Perfil's 'Acesso à conta': the e-mail the person signs in with, and 'Alterar senha'. With the
 * built-in provider the password changes here, the current one asked first; with Microsoft Entra
 * ID the password is Microsoft's, so the section says where to change it (a workforce account:
 * Microsoft's own page; an External ID account: 'Esqueceu a senha?' on Microsoft's sign-in page).
 */
import { useCallback, useId, useState, type FormEvent } from 'react';
import { useApi } from '~/auth/use-api';
import type { AuthSettings } from '~/config/auth-settings';
import { ApiError } from '~/lib/api-error';
import { explainedRefusal } from '~/lib/explained-refusal';
import { useLoad } from '~/lib/use-load';
import { changeMyPassword, fetchMyAccount } from '../api/my-account';

/** Microsoft's own page where a workforce account changes its password. */
export const MICROSOFT_PASSWORD_PAGE =
  'https://mysignins.microsoft.com/security-info/password/change';

export const PASSWORD_CHANGED =
  'Senha alterada. Use a nova senha da próxima vez que entrar; nos outros aparelhos, será preciso entrar de novo.';

const isExternalId = (settings: Pick<AuthSettings, 'authority'> | undefined) =>
  settings?.authority != null && new URL(settings.authority).hostname.endsWith('.ciamlogin.com');

export function AccountAccess({ settings }: { settings?: Pick<AuthSettings, 'authority'> }) {
  const id = useId();
  const call = useApi();
  const account = useLoad(
    useCallback(() => call(fetchMyAccount), [call]),
    'Profile: loading the sign-in',
  );
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field: 'current' | 'password' | null; text: string }>();
  const [done, setDone] = useState(false);

  if (account.state !== 'ready') return null;
  const { signInEmail, password: where } = account.data;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      await call((token) => changeMyPassword({ current, password }, token));
      setDone(true);
      setOpen(false);
      setCurrent('');
      setPassword('');
    } catch (error) {
      const text = explainedRefusal(error);
      if (text === null) console.error('Changing the password failed', error);
      // The API names the field a refusal is about: its sentence goes beside it.
      const named = error instanceof ApiError ? error.field : undefined;
      const field = named === 'current' || named === 'password' ? named : null;
      setProblem({ field, text: text ?? 'Não foi possível alterar a senha. Tente novamente.' });
    } finally {
      setBusy(false);
    }
  };

  const passwordField = (name: 'current' | 'password', label: string, value: string) => (
    <div className="form-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type="password"
        required
        autoComplete={name === 'current' ? 'current-password' : 'new-password'}
        value={value}
        aria-invalid={problem?.field === name || undefined}
        aria-describedby={problem?.field === name ? `${id}-problem` : undefined}
        onChange={(event) =>
          (name === 'current' ? setCurrent : setPassword)(event.currentTarget.value)
        }
      />
      {problem?.field === name && (
        <p id={`${id}-problem`} className="form-field__error" role="alert">
          {problem.text}
        </p>
      )}
    </div>
  );

  return (
    <section className="profile__access" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Acesso à conta</h2>
      {where === 'here' ? (
        <>
          <p>
            Você entra no site com o e-mail <strong>{signInEmail}</strong> e a sua senha.
          </p>
          {done && <p role="status">{PASSWORD_CHANGED}</p>}
          {open ? (
            <form className="profile__form" onSubmit={(e) => void submit(e)}>
              {passwordField('current', 'Senha atual', current)}
              {passwordField('password', 'Nova senha', password)}
              <p className="form-field__hint">
                Pelo menos 8 caracteres. Uma frase com algumas palavras é uma boa escolha.
              </p>
              {problem?.field === null && <p role="alert">{problem.text}</p>}
              <div className="actions">
                <button type="submit" className="btn btn-accent" disabled={busy}>
                  Salvar nova senha
                </button>
                <button type="button" className="btn btn-outline" onClick={() => setOpen(false)}>
                  Cancelar
                </button>
              </div>
            </form>
          ) : (
            <button type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
              Alterar senha
            </button>
          )}
        </>
      ) : isExternalId(settings) ? (
        <p>
          Você entra no site com a sua conta Microsoft. Para trocar a senha, clique em Sair e, na
          página de entrada da Microsoft, use &quot;Esqueceu a senha?&quot;.
        </p>
      ) : (
        <p>
          Você entra no site com a conta da organização. A senha é alterada na{' '}
          <a href={MICROSOFT_PASSWORD_PAGE} rel="noopener noreferrer" target="_blank">
            página da Microsoft para alterar a senha
          </a>
          .
        </p>
      )}
    </section>
  );
}
