/**
 * The staff's roles (Coordenação, built-in provider): who holds which role, granting a role to an
 * existing account by its e-mail (Monitor(a): of one class, chosen from the classes not concluded:
 * decision 098), and taking any one back (asked first; the person is told by e-mail). With
 * Microsoft Entra ID the roles are the tenant's app roles, and the API says so.
 */
import type { StaffRoleName } from '@centro/contracts';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { ConfirmBox } from '~/components/staff/confirm-box';
import { notify } from '~/components/toasts/notify';
import { fetchStaffPeople, grantRole, revokeRole } from '../api/roles';
import { classOption, type RoleLine, roleLines } from '../role-grants';
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
  const [classId, setClassId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** The problem is a refused grant, about the address typed. */
  const [grantRefused, setGrantRefused] = useState(false);
  const [busy, setBusy] = useState(false);
  // The role 'Retirar' asks about, and whose; the question takes the focus.
  const [revoking, setRevoking] = useState<{ name: string; line: RoleLine } | null>(null);

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
    const request =
      role === 'monitor' ? { email: email.trim(), role, classId } : { email: email.trim(), role };
    if (await act((token) => grantRole(request, token), staffMessages.roleGranted, true)) {
      setEmail('');
    }
  };

  return (
    <section aria-labelledby="staff-roles-title">
      <h2 id="staff-roles-title">Funções</h2>
      <p>
        Coordenação faz tudo, inclusive configurar cursos e conceder funções. Secretaria vê as
        listas, exporta e marca presença. Comunicação edita o conteúdo do site. Monitor(a) vê os
        participantes e marca a presença só da turma que recebeu.
      </p>
      {people.state === 'loading' && <p role="status">Carregando…</p>}
      {people.state === 'failed' && (
        <p className="staff__problem" role="alert">
          {explained(people.error) ?? staffMessages.loadFailed}
        </p>
      )}
      {revoking && (
        <ConfirmBox
          key={`${revoking.line.revoke.personId}-${revoking.line.key}`}
          question={
            <>
              Retirar a função {revoking.line.label} de <strong>{revoking.name}</strong>? A pessoa
              deixa de ver o que a função permite na hora e recebe um e-mail avisando.
            </>
          }
          confirm={{
            label: 'Confirmar retirada',
            disabled: busy,
            onClick: () =>
              void act(
                (token) => revokeRole(revoking.line.revoke, token),
                staffMessages.roleRevoked,
              ).then(() => setRevoking(null)),
          }}
          onCancel={() => setRevoking(null)}
        />
      )}
      {people.state === 'ready' && (
        <ul className="plain-list staff__people">
          {people.data.people.map((person) => (
            <li key={person.id} className="staff__person">
              <p>
                <strong>{person.name || person.email}</strong>
                <br />
                {person.email}
              </p>
              <ul className="plain-list staff__person-roles">
                {roleLines(person).map((line) => (
                  <li key={line.key}>
                    {line.label}
                    {line.fixed ? (
                      <small>
                        {' '}
                        (definida na configuração do servidor; não pode ser retirada aqui)
                      </small>
                    ) : (
                      <button
                        type="button"
                        className="staff__link-button"
                        disabled={busy}
                        aria-label={`Retirar ${line.label} de ${person.name || person.email}`}
                        onClick={() => setRevoking({ name: person.name || person.email, line })}
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
            <option value="monitor">{roleLabels.monitor}</option>
          </select>
        </div>
        {role === 'monitor' && (
          <div className="staff__field">
            <label htmlFor={`${id}-class`}>Turma</label>
            <select
              id={`${id}-class`}
              required
              value={classId}
              onChange={(event) => setClassId(event.currentTarget.value)}
            >
              <option value="">Escolha a turma</option>
              {people.state === 'ready' &&
                people.data.classes.map((c) => (
                  <option key={c.id} value={c.id}>
                    {classOption(c)}
                  </option>
                ))}
            </select>
          </div>
        )}
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
