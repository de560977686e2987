import { ErrorCode } from '@centro/contracts/error-codes';
import { messages } from '@centro/contracts/messages';
import { useEffect, useId, useState, type FormEvent, type InvalidEvent } from 'react';
import { useAuth } from '~/auth/use-auth';
import { notify, prepareToasts } from '~/components/toasts/notify';
import { fetchUserDetails, updateBirthDate, updateUserField } from '~/auth/api/user-details';
import { ApiError } from '~/lib/api-error';
import { formatBirthDate, formatPhone } from '~/lib/formatting';
import '../profile.css';
import { AccountAccess } from './account-access';
import { useShell } from '~/lib/shell';
import {
  changesOf,
  emptyProfile,
  mailHint,
  profileValuesOf,
  type ProfileValues,
} from '../profile-form';

/** After a change of 'E-mail' that waits for the link sent to the new address. */
export const PENDING_MAIL_MESSAGE =
  'Enviamos um link de confirmação para o novo e-mail. Ele só substitui o atual depois que você abrir o link.';

/** The browser's message for an empty required field (spec section 5's hints). */
export const requiredHints: Record<keyof ProfileValues, string> = {
  displayName: 'Preencha este campo com seu nome',
  birthDate: 'Preencha este campo com sua data de nascimento',
  mail: 'Preencha este campo com seu e-mail',
  mobilePhone: 'Preencha este campo com seu celular',
};

interface LoadedProfile {
  id: string;
  token: string;
  initial: ProfileValues;
}

/** An empty required field says which value it wants; any other problem keeps the browser's words. */
function hintOnInvalid(hint: string) {
  return (event: InvalidEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    input.setCustomValidity('');
    if (input.validity.valueMissing) input.setCustomValidity(hint);
  };
}

const clearCustomValidity = (event: FormEvent<HTMLInputElement>) =>
  event.currentTarget.setCustomValidity('');

/**
 * The profile page (signed in only, spec sections 2 and 4): 'Carregar Dados' loads the person's
 * details, then the form 'Atualização de Cadastro' appears; 'Atualizar' sends only what changed.
 */
export function ProfilePage() {
  const { getUser, setAuthUser } = useAuth();
  const auth = useShell()?.auth;
  const [loaded, setLoaded] = useState<LoadedProfile | null>(null);
  const [values, setValues] = useState<ProfileValues>(emptyProfile);
  const [busy, setBusy] = useState(false);
  const id = useId();
  // Its toasts must show even if the connection drops after the page was opened.
  useEffect(prepareToasts, []);

  const load = async () => {
    setBusy(true);
    try {
      const session = await getUser();
      if (!session) throw new Error('Profile: no signed-in user');
      const details = await fetchUserDetails(session);
      setAuthUser(details);
      const initial = profileValuesOf(details);
      setLoaded({ id: session.user.id, token: session.token, initial });
      setValues(initial);
    } catch (error) {
      console.error('Profile load failed', error);
      void notify('error', messages.profileError);
    } finally {
      setBusy(false);
    }
  };

  const set = (field: keyof ProfileValues) => (event: FormEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const formatOnBlur = (field: 'birthDate' | 'mobilePhone') => () => {
    const value = values[field];
    if (value.trim() === '') return;
    const isPhone = field === 'mobilePhone';
    try {
      const formatted = isPhone ? formatPhone(value) : formatBirthDate(value);
      if (formatted.ok) setValues((current) => ({ ...current, [field]: formatted.value }));
      else void notify('info', isPhone ? messages.phoneHint : messages.birthDateHint);
    } catch (error) {
      console.error('Formatting failed', error);
      void notify('error', isPhone ? messages.phoneFormatError : messages.birthDateFormatError);
    }
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!loaded || busy) return;
    const changes = changesOf(loaded.initial, values);
    let birthDate: string | null = null;
    if (changes.birthDate !== null) {
      const formatted = formatBirthDate(changes.birthDate);
      if (!formatted.ok) {
        void notify('info', messages.birthDateHint);
        return;
      }
      birthDate = formatted.value;
    }
    if (changes.fields.length === 0 && birthDate === null) {
      void notify('info', 'Nenhuma alteração para atualizar.');
      return;
    }
    setBusy(true);
    try {
      const { id: userId, token } = loaded;
      let latest = null;
      for (const { param, value } of changes.fields) {
        latest = await updateUserField({ id: userId, token, param, value });
      }
      if (birthDate !== null) {
        latest = await updateBirthDate({ id: userId, token, data_nascimento: birthDate });
      }
      const saved = latest ? profileValuesOf(latest) : values;
      if (latest) setAuthUser(latest);
      setLoaded({ ...loaded, initial: saved });
      setValues(saved);
      void notify('success', messages.profileSaved);
      // A new e-mail waits for its owner's confirmation (the answer keeps the current one).
      const newMail = changes.fields.find((f) => f.param === 'mail')?.value;
      if (newMail !== undefined && latest && latest.mail !== newMail) {
        void notify('info', PENDING_MAIL_MESSAGE);
      }
    } catch (error) {
      console.error('Profile update failed', error);
      // Entra lets nobody's app change a privileged administrator's phone, and a new e-mail is
      // limited to a few links an hour: the API says so.
      const said =
        error instanceof ApiError &&
        (error.code === ErrorCode.ProtectedAccount || error.code === ErrorCode.TooManyRequests) &&
        error.apiMessage;
      void notify('error', said || messages.profileError);
    } finally {
      setBusy(false);
    }
  };

  const field = (
    name: keyof ProfileValues,
    label: string,
    props: { type: 'text' | 'email' | 'tel'; autoComplete: string; inputMode?: 'numeric' | 'tel' },
    onBlur?: () => void,
    hint?: string,
  ) => (
    <div className="form-field">
      <label htmlFor={`${id}-${name}`}>
        {label} <span aria-hidden="true">*</span>
      </label>
      {hint && (
        <p id={`${id}-${name}-hint`} className="form-field__hint">
          {hint}
        </p>
      )}
      <input
        id={`${id}-${name}`}
        name={name}
        aria-describedby={hint ? `${id}-${name}-hint` : undefined}
        required
        value={values[name]}
        onChange={set(name)}
        onInput={clearCustomValidity}
        onInvalid={hintOnInvalid(requiredHints[name])}
        onBlur={onBlur}
        {...props}
      />
    </div>
  );

  return (
    <div className="page profile">
      <h1>Perfil</h1>
      <p className="lead">Confira e mantenha seus dados de cadastro atualizados.</p>
      <div className="actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => void load()}
        >
          Carregar Dados
        </button>
      </div>
      {loaded && (
        <form
          className="profile__form"
          aria-labelledby={`${id}-title`}
          onSubmit={(e) => void save(e)}
        >
          <h2 id={`${id}-title`}>Atualização de Cadastro</h2>
          <p>
            Os campos marcados com <span aria-hidden="true">*</span>
            <span className="visually-hidden">asterisco</span> são obrigatórios.
          </p>
          {field('displayName', 'Nome', { type: 'text', autoComplete: 'name' })}
          {field(
            'birthDate',
            'Data de nascimento',
            { type: 'text', autoComplete: 'bday', inputMode: 'numeric' },
            formatOnBlur('birthDate'),
          )}
          {field(
            'mail',
            'E-mail',
            { type: 'email', autoComplete: 'email' },
            undefined,
            auth && mailHint(auth),
          )}
          {field(
            'mobilePhone',
            'Celular',
            { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
            formatOnBlur('mobilePhone'),
          )}
          <button type="submit" className="btn btn-accent" disabled={busy}>
            Atualizar
          </button>
        </form>
      )}
      {loaded && <AccountAccess settings={auth} />}
    </div>
  );
}
