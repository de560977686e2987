/**
 * The record of staff actions (Coordenação): who did what, on which course or person, and when,
 * newest first, 50 at a time ('Mais antigas' for the next), filtered by action, staff member,
 * course and person (a person's name in a row filters by them). Repeated views are one row with
 * their count. It stores ids, never a participant's data; the names are read when shown.
 */
import type { StaffAction } from '@centro/contracts';
import { useCallback, useId, useState } from 'react';
import { type ActionFilter, fetchActions, type StaffActionsPage } from '../api/get-actions';
import { actionLabels, staffMessages } from '~/lib/staff/copy';
import { failureMessage } from '~/lib/staff/messages';
import { formatDateTime } from '~/lib/staff/format';
import { actionText, changeLines, whenText } from '../record-text';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { LoadFailed } from '~/components/staff/load-failed';

interface ActionRecordProps {
  /** Course titles by slug (the record keeps slugs). */
  courseTitles: ReadonlyMap<string, string>;
}

const DELETED = 'Conta excluída';

export function ActionRecord({ courseTitles }: ActionRecordProps) {
  const call = useApi();
  const id = useId();
  const [filter, setFilter] = useState<ActionFilter>({});
  const [person, setPerson] = useState<{ id: string; name: string } | null>(null);
  const [older, setOlder] = useState<{ rows: StaffAction[]; next: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const record = useLoad(
    useCallback(() => call((token) => fetchActions(filter, null, token)), [call, filter]),
    'Staff area: loading',
  );

  const filterBy = (change: ActionFilter) => {
    setOlder(null);
    setProblem(null);
    setFilter((current) => ({ ...current, ...change }));
  };
  const choosePerson = (chosen: { id: string; name: string } | null) => {
    setPerson(chosen);
    filterBy({ person: chosen?.id ?? '' });
  };

  if (record.state === 'loading') return <p role="status">Carregando registro…</p>;
  if (record.state === 'failed') return <LoadFailed onRetry={record.reload} />;
  const rows = [...record.data.actions, ...(older?.rows ?? [])];
  const next = older ? older.next : record.data.next;

  const loadOlder = async () => {
    if (next === null) return;
    setBusy(true);
    setProblem(null);
    try {
      const page = await call((token) => fetchActions(filter, next, token));
      setOlder({ rows: [...(older?.rows ?? []), ...page.actions], next: page.next });
    } catch (error) {
      setProblem(failureMessage('record page', error, staffMessages.loadFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="staff-record-title" className="staff__panel">
      <h2 id="staff-record-title">Registro de ações</h2>
      <p>Cada acesso da equipe a dados de participantes fica registrado aqui (LGPD).</p>
      <div className="staff__toolbar">
        <div className="staff__field">
          <label htmlFor={`${id}-action`}>Ação</label>
          <select
            id={`${id}-action`}
            value={filter.action ?? ''}
            onChange={(event) => filterBy({ action: event.currentTarget.value })}
          >
            <option value="">Todas</option>
            {Object.entries(actionLabels).map(([name, label]) => (
              <option key={name} value={name}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="staff__field">
          <label htmlFor={`${id}-actor`}>Pessoa da equipe</label>
          <select
            id={`${id}-actor`}
            value={filter.actor ?? ''}
            onChange={(event) => filterBy({ actor: event.currentTarget.value })}
          >
            <option value="">Todas</option>
            {record.data.actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.email ? `${actor.name} (${actor.email})` : actor.name}
              </option>
            ))}
          </select>
        </div>
        <div className="staff__field">
          <label htmlFor={`${id}-course`}>Curso</label>
          <select
            id={`${id}-course`}
            value={filter.course ?? ''}
            onChange={(event) => filterBy({ course: event.currentTarget.value })}
          >
            <option value="">Todos</option>
            {[...courseTitles].map(([slug, title]) => (
              <option key={slug} value={slug}>
                {title}
              </option>
            ))}
          </select>
        </div>
      </div>
      {person && (
        <p>
          Ações sobre <strong>{person.name}</strong>{' '}
          <button type="button" className="staff__link-button" onClick={() => choosePerson(null)}>
            Mostrar todas as pessoas
          </button>
        </p>
      )}
      {record.data.places && (
        <PlaceEvents
          places={record.data.places}
          title={courseTitles.get(filter.course ?? '') ?? ''}
        />
      )}
      {rows.length === 0 ? (
        <p>Nenhuma ação encontrada com estes filtros.</p>
      ) : (
        <ol className="plain-list staff__record" aria-label="Ações registradas">
          {rows.map((action) => (
            <ActionItem
              key={action.id}
              action={action}
              courseTitles={courseTitles}
              onPerson={choosePerson}
            />
          ))}
        </ol>
      )}
      {problem && (
        <p className="staff__problem" role="alert">
          {problem}
        </p>
      )}
      {next !== null && (
        <p>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => void loadOlder()}
            disabled={busy}
          >
            {busy ? 'Carregando…' : 'Mais antigas'}
          </button>
        </p>
      )}
    </section>
  );
}

type PlaceKind = NonNullable<StaffActionsPage['places']>[number]['kind'];

const placeTexts: Record<PlaceKind, string> = {
  enrolled: 'se inscreveu',
  promoted: 'saiu da lista de espera e ficou com a vaga',
  waiting: 'entrou na lista de espera',
};

/** What participants and the waiting list did to the course's places (the rows held now). */
function PlaceEvents({
  places,
  title,
}: {
  places: NonNullable<StaffActionsPage['places']>;
  title: string;
}) {
  return (
    <section aria-labelledby="staff-record-places" className="staff__record-places">
      <h3 id="staff-record-places">Inscrições e lista de espera{title && ` de ${title}`}</h3>
      <p className="staff__record-what">
        Como estão agora: quem cancelou a inscrição ou saiu da lista não aparece aqui.
      </p>
      {places.length === 0 ? (
        <p>Ninguém inscrito nem na lista de espera.</p>
      ) : (
        <ol className="plain-list staff__record" aria-label="Inscrições e lista de espera">
          {places.map((place) => (
            <li key={`${place.kind}-${place.personId}`} className="staff__record-item">
              <p className="staff__record-when">{formatDateTime(place.at)}</p>
              <p>
                <strong>{place.name ?? 'Pessoa (nome indisponível agora)'}</strong>{' '}
                {placeTexts[place.kind]}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ActionItem({
  action,
  courseTitles,
  onPerson,
}: {
  action: StaffAction;
  courseTitles: ReadonlyMap<string, string>;
  onPerson: (person: { id: string; name: string }) => void;
}) {
  const changes = changeLines(action, courseTitles);
  const subject = action.subjectId;
  const name = action.subjectName ?? 'nome indisponível agora';
  return (
    <li className="staff__record-item">
      <p className="staff__record-when">{whenText(action)}</p>
      <p>
        <strong>{action.actorName || DELETED}</strong>
        {action.actorEmail && (
          <span className="staff__record-email"> ({action.actorEmail})</span>
        )}: {actionText(action, courseTitles)}
      </p>
      {changes.length > 0 && (
        <ul className="staff__record-changes">
          {changes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {(action.course || (subject && action.action !== 'account.delete')) && (
        <p className="staff__record-what">
          {action.course && <span>Curso: {courseTitles.get(action.course) ?? action.course}</span>}
          {subject && action.action !== 'account.delete' && (
            <span>
              Pessoa:{' '}
              {name === DELETED || action.subjectName === null ? (
                name
              ) : (
                <button
                  type="button"
                  className="staff__link-button staff__person-link"
                  aria-label={`Ver as ações sobre ${name}`}
                  onClick={() => onPerson({ id: subject, name })}
                >
                  {name}
                </button>
              )}
            </span>
          )}
        </p>
      )}
    </li>
  );
}
