/**
 * The staff's roles (Coordenação, built-in provider): who is Coordenação or Secretaria, granting a
 * role to an existing account by its e-mail, and taking one back (asked first; the person is told
 * by e-mail). With Microsoft Entra ID the roles
 * are the tenant's app roles, and the API says so.
 */
import type { StaffRoleName } from '@centro/contracts';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { notify } from '~/components/toasts/notify';
import { fetchStaffPeople, grantRole, revokeRole } from '../api/roles';
import { roleLabels, staffMessages } from '~/lib/staff/copy';
import { explained, failureMessage } from '~/lib/staff/messages';
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
  /** The problem is a refused grant, about the address typed. */
  const [grantRefused, setGrantRefused] = useState(false);
  const [busy, setBusy] = useState(false);
  // The role 'Retirar' asks about; the question takes the focus.
  const [revoking, setRevoking] = useState<{
    id: string;
    name: string;
    role: StaffRoleName;
  } | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (revoking) dialog.current?.focus();
  }, [revoking]);

  const act = async (run: (token: string) => Promise<void>, done: string, granting = false) => {
    setBusy(true);
    setProblem(null);
    setGrantRefused(granting);
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
    if (
      await act((token) => grantRole(email.trim(), role, token), staffMessages.roleGranted, true)
    ) {
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
      {revoking && (
        <div
          ref={dialog}
          tabIndex={-1}
          className="staff__confirm"
          role="alertdialog"
          aria-labelledby={`${id}-revoke`}
        >
          <p id={`${id}-revoke`}>
            Retirar a função {roleLabels[revoking.role]} de <strong>{revoking.name}</strong>? A
            pessoa deixa de ver o que a função permite na hora e recebe um e-mail avisando.
          </p>
          <div className="actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() =>
                void act(
                  (token) => revokeRole(revoking.id, revoking.role, token),
                  staffMessages.roleRevoked,
                ).then(() => setRevoking(null))
              }
            >
              Confirmar retirada
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setRevoking(null)}>
              Cancelar
            </button>
          </div>
        </div>
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
                      <small>
                        {' '}
                        (definida na configuração do servidor; não pode ser retirada aqui)
                      </small>
                    ) : (
                      <button
                        type="button"
                        className="staff__link-button"
                        disabled={busy}
                        aria-label={`Retirar ${roleLabels[granted]} de ${person.name || person.email}`}
                        onClick={() =>
                          setRevoking({
                            id: person.id,
                            name: person.name || person.email,
                            role: granted,
                          })
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
            // A refused grant is about this address: the message is read with the field.
            aria-describedby={problem && grantRefused ? `${id}-problem` : undefined}
            aria-invalid={problem && grantRefused ? true : undefined}
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
          <p className="staff__problem" id={`${id}-problem`} role="alert">
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
