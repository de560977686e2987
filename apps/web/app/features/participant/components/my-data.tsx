/**
 * 'Meus dados' on the profile (LGPD art. 18 and 19): 'Baixar meus dados' downloads
 * everything the product holds about the person as JSON; 'Excluir minha conta' asks them to type
 * EXCLUIR (any case), then cancels every place and waiting position, removes them from the groups
 * and deletes the account (with Microsoft Entra ID the account stays in the tenant; the answer says
 * whom to ask), then signs the person out here. The API asks for a recent sign-in first (decision
 * 047): then 'Entrar novamente' asks the password again and comes back to this page.
 */
import { ErrorCode } from '@centro/contracts/error-codes';
import { ACCOUNT_DELETE_CONFIRMATION, confirmsAccountDeletion } from '@centro/contracts/messages';
import type { MyData as MyDataAnswer } from '@centro/contracts';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useApi } from '~/auth/use-api';
import { useAuth } from '~/auth/use-auth';
import { notify } from '~/components/toasts/notify';
import { ApiError } from '~/lib/api-error';
import { explainedRefusal } from '~/lib/explained-refusal';
import { deleteMyAccount, downloadMyData, fetchMyData } from '../api/my-data';
import { participantMessages as text } from '../copy';

/** The readable view, downloaded only when asked for. */
const MyDataView = lazy(() => import('./my-data-view'));

export function MyData() {
  const id = useId();
  const { signIn, signOut } = useAuth();
  const navigate = useNavigate();
  const call = useApi();
  const [deleting, setDeleting] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  /** The API's sentence asking for a recent sign-in, with 'Entrar novamente' beside it. */
  const [signInAgain, setSignInAgain] = useState<string | null>(null);
  const [shown, setShown] = useState<MyDataAnswer | null>(null);

  const failed = (what: string, error: unknown) => {
    const sentence = explainedRefusal(error);
    if (sentence === null) console.error(`${what} failed`, error);
    void notify('error', sentence ?? text.failed);
  };

  const download = async () => {
    try {
      await call(downloadMyData);
    } catch (error) {
      failed('Downloading my data', error);
    }
  };

  const show = async () => {
    try {
      setShown(await call(fetchMyData));
    } catch (error) {
      failed('Showing my data', error);
    }
  };

  const remove = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await call((token) => deleteMyAccount(typed.trim(), token));
      // Nothing of the account is left to be signed in to: signed out here, on the home page.
      void notify('success', answer.message);
      // Its tokens ended with it: signed out in this browser, without the provider's page.
      await signOut();
      await navigate('/', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.RecentSignInRequired) {
        setSignInAgain(explainedRefusal(error));
      } else {
        failed('Deleting my account', error);
      }
      setBusy(false);
    }
  };

  return (
    <section className="participant" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Meus dados</h2>
      <p>
        Você pode baixar tudo o que guardamos sobre você (cadastro, inscrições, listas de espera,
        presenças, certificados com seus códigos, aceite do aviso de privacidade, consentimento dado
        no balcão, e-mails e ações da equipe sobre seus dados) ou excluir sua conta, como garante a
        Lei Geral de Proteção de Dados (LGPD, art. 18).
      </p>
      <div className="actions">
        <button type="button" className="btn btn-outline" onClick={() => void download()}>
          Baixar meus dados (JSON)
        </button>
        <button type="button" className="btn btn-outline" onClick={() => void show()}>
          Ver meus dados
        </button>
        {!deleting && (
          <button type="button" className="btn btn-outline" onClick={() => setDeleting(true)}>
            Excluir minha conta
          </button>
        )}
      </div>
      {shown && (
        <Suspense fallback={<p role="status">Carregando…</p>}>
          <MyDataView data={shown} />
        </Suspense>
      )}
      {deleting && (
        <form className="participant__delete" onSubmit={(event) => void remove(event)}>
          <p>
            A exclusão cancela todas as suas inscrições e posições em listas de espera (as vagas
            passam para as próximas pessoas), retira você dos grupos dos cursos e apaga sua conta.
            Não é possível desfazer.
          </p>
          <label htmlFor={`${id}-confirm`}>
            Para confirmar, digite a palavra {ACCOUNT_DELETE_CONFIRMATION} (em maiúsculas ou
            minúsculas)
          </label>
          <input
            id={`${id}-confirm`}
            value={typed}
            autoComplete="off"
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          <div className="actions">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={busy || !confirmsAccountDeletion(typed)}
            >
              Excluir minha conta definitivamente
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setDeleting(false)}>
              Cancelar
            </button>
          </div>
          {signInAgain !== null && (
            <div role="alert">
              <p>{signInAgain}</p>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => void signIn({ reauthenticate: true })}
              >
                Entrar novamente
              </button>
            </div>
          )}
        </form>
      )}
    </section>
  );
}
