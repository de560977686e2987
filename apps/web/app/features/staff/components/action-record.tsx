/**
 * The record of staff actions (Coordenação): who did what, on which course or person, and when,
 * newest first. It holds ids, never a participant's data: how the centre answers "who saw my data".
 */
import { useCallback } from 'react';
import { fetchActions } from '../api/get-actions';
import { actionLabels, roleLabels } from '../copy';
import { formatDateTime } from '../format';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { LoadFailed } from './load-failed';

/** The role a grant or revocation named, if any. */
function roleOf(details: Record<string, unknown>): string | null {
  const role = details.role;
  return role === 'coordenacao' || role === 'secretaria' ? roleLabels[role] : null;
}

interface ActionRecordProps {
  /** Course titles by slug (the record keeps slugs). */
  courseTitles: ReadonlyMap<string, string>;
}

export function ActionRecord({ courseTitles }: ActionRecordProps) {
  const call = useApi();
  const record = useLoad(
    useCallback(() => call(fetchActions), [call]),
    'Staff area: loading',
  );
  if (record.state === 'loading') return <p role="status">Carregando registro…</p>;
  if (record.state === 'failed') return <LoadFailed onRetry={record.reload} />;
  return (
    <section aria-labelledby="staff-record-title">
      <h2 id="staff-record-title">Registro de ações</h2>
      <p>Cada acesso da equipe a dados de participantes fica registrado aqui (LGPD).</p>
      <ol className="plain-list staff__record">
        {record.data.map((action) => (
          <li key={action.id} className="staff__record-item">
            <p className="staff__record-when">{formatDateTime(action.at)}</p>
            <p>
              <strong>{action.actorName || action.actorId}</strong>:{' '}
              {actionLabels[action.action] ?? action.action}
              {roleOf(action.details) && ` (${roleOf(action.details)})`}
            </p>
            {(action.course || action.subjectId) && (
              <p className="staff__record-what">
                {action.course && (
                  <span>Curso: {courseTitles.get(action.course) ?? action.course}</span>
                )}
                {action.subjectId && <span>Pessoa: {action.subjectId}</span>}
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
