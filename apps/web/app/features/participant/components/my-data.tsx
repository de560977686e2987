/**
 * 'Meus dados' on the profile (LGPD art. 18 and 19, issue 13): 'Baixar meus dados' downloads
 * everything the product holds about the person as JSON; 'Excluir minha conta' asks them to type
 * EXCLUIR, then cancels every place and waiting position, removes them from the groups and deletes
 * the account (with Microsoft Entra ID the account stays in the tenant; the answer says whom to ask).
 */
import { ACCOUNT_DELETE_CONFIRMATION } from '@centro/contracts/messages';
import { useId, useState, type FormEvent } from 'react';
import { useApi } from '~/auth/use-api';
import { useAuth } from '~/auth/use-auth';
import { notify } from '~/components/toasts/notify';
import { explainedRefusal } from '~/lib/explained-refusal';
import { deleteMyAccount, downloadMyData } from '../api/my-data';
import { participantMessages as text } from '../copy';

export function MyData() {
  const id = useId();
  const { signOut } = useAuth();
  const call = useApi();
  const [deleting, setDeleting] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

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

  const remove = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await call((token) => deleteMyAccount(typed.trim(), token));
      setDone(answer.message);
    } catch (error) {
      failed('Deleting my account', error);
    } finally {
      setBusy(false);
    }
  };

  if (done !== null) {
    return (
      <section className="participant" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Meus dados</h2>
        <p role="status">{done}</p>
        <button type="button" className="btn btn-primary" onClick={() => void signOut()}>
          Sair
        </button>
      </section>
    );
  }

  return (
    <section className="participant" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Meus dados</h2>
      <p>
        Você pode baixar tudo o que guardamos sobre você (cadastro, inscrições, listas de espera,
        presenças, aceite do aviso de privacidade e ações da equipe sobre seus dados) ou excluir sua
        conta, como garante a Lei Geral de Proteção de Dados (LGPD, art. 18).
      </p>
      <div className="actions">
        <button type="button" className="btn btn-outline" onClick={() => void download()}>
          Baixar meus dados
        </button>
        {!deleting && (
          <button type="button" className="btn btn-outline" onClick={() => setDeleting(true)}>
            Excluir minha conta
          </button>
        )}
      </div>
      {deleting && (
        <form className="participant__delete" onSubmit={(event) => void remove(event)}>
          <p>
            A exclusão cancela todas as suas inscrições e posições em listas de espera (as vagas
            passam para as próximas pessoas), retira você dos grupos dos cursos e apaga sua conta.
            Não é possível desfazer.
          </p>
          <label htmlFor={`${id}-confirm`}>
            Para confirmar, digite {ACCOUNT_DELETE_CONFIRMATION}
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
              disabled={busy || typed.trim() !== ACCOUNT_DELETE_CONFIRMATION}
            >
              Excluir minha conta definitivamente
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setDeleting(false)}>
              Cancelar
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
