/**
 * The staff's roles (Coordenação, built-in provider): who is Coordenação or Secretaria, granting a
 * role to an existing account by its e-mail, and taking one back. With Microsoft Entra ID the roles
 * are the tenant's app roles, and the API says so.
 */
import type { StaffRoleName } from '@centro/contracts';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { notify } from '~/components/toasts/notify';
import { fetchStaffPeople, grantRole, revokeRole } from '../api/roles';
import { roleLabels, staffMessages } from '../copy';
import { explained, failureMessage } from '../messages';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';

export function RolesPanel() {
  const call = useApi();
  const id = useId();
  const people = useLoad(
    useCallback(() => call(fetchStaffPeople), [call]),
    'Staff area: loading',
  );
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRoleName>('secretaria');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (run: (token: string) => Promise<void>, done: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await call(run);
      void notify('success', done);
      void people.reload();
      return true;
    } catch (error) {
      setProblem(failureMessage('roles change', error, staffMessages.saveFailed));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const grant = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await act((token) => grantRole(email.trim(), role, token), staffMessages.roleGranted)) {
      setEmail('');
    }
  };

  return (
    <section aria-labelledby="staff-roles-title">
      <h2 id="staff-roles-title">Funções</h2>
      <p>
        Coordenação faz tudo, inclusive configurar cursos e conceder funções. Secretaria vê as
        listas, exporta e marca presença.
      </p>
      {people.state === 'loading' && <p role="status">Carregando…</p>}
      {people.state === 'failed' && (
        <p className="staff__problem" role="alert">
          {explained(people.error) ?? staffMessages.loadFailed}
        </p>
      )}
      {people.state === 'ready' && (
        <ul className="plain-list staff__people">
          {people.data.map((person) => (
            <li key={person.id} className="staff__person">
              <p>
                <strong>{person.name || person.email}</strong>
                <br />
                {person.email}
              </p>
              <ul className="plain-list staff__person-roles">
                {person.roles.map((granted) => (
                  <li key={granted}>
                    {roleLabels[granted]}
                    {person.admin && granted === 'coordenacao' ? (
                      <small> (definida em ADMIN_EMAILS)</small>
                    ) : (
                      <button
                        type="button"
                        className="staff__link-button"
                        disabled={busy}
                        aria-label={`Retirar ${roleLabels[granted]} de ${person.name || person.email}`}
                        onClick={() =>
                          void act(
                            (token) => revokeRole(person.id, granted, token),
                            staffMessages.roleRevoked,
                          )
                        }
                      >
                        Retirar
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <form className="staff__grant" onSubmit={(event) => void grant(event)}>
        <h3>Conceder função</h3>
        <div className="staff__field">
          <label htmlFor={`${id}-email`}>E-mail da conta</label>
          <input
            id={`${id}-email`}
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        </div>
        <div className="staff__field">
          <label htmlFor={`${id}-role`}>Função</label>
          <select
            id={`${id}-role`}
            value={role}
            onChange={(event) => setRole(event.currentTarget.value as StaffRoleName)}
          >
            <option value="secretaria">{roleLabels.secretaria}</option>
            <option value="comunicacao">{roleLabels.comunicacao}</option>
            <option value="coordenacao">{roleLabels.coordenacao}</option>
          </select>
        </div>
        {problem && (
          <p className="staff__problem" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Conceder
        </button>
      </form>
    </section>
  );
}
