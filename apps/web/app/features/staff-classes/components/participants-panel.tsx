/**
 * A class's participants: search by name or e-mail, sort, the two exports, 'Mover para outra
 * turma' (a class not concluded: a choice of the course's open or planned classes, decision 090)
 * and (Coordenação, a class not concluded) removal with a confirmation step; a person enrolled at
 * the desk without an account is marked, with 'Gerar novo código' (decision 095). The list is loaded once (one recorded view); search and sort
 * happen in the browser. On a phone each row reads as a card.
 */
import type { StaffClass, StaffParticipant } from '@centro/contracts';
import { useCallback, useId, useState } from 'react';
import { ConfirmBox } from '~/components/staff/confirm-box';
import { notify } from '~/components/toasts/notify';
import { downloadExport, type ExportFormat } from '../api/download-export';
import { fetchParticipants } from '../api/get-participants';
import { fetchClasses } from '../api/classes';
import { moveParticipant } from '../api/move-participant';
import { removeParticipant } from '../api/remove-participant';
import { NewClaimCode } from './new-claim-code';
import { type ClassPanelProps, isReadOnly } from '~/lib/staff/classes';
import { staffMessages, statusLabels } from '~/lib/staff/copy';
import {
  formatDate,
  visibleParticipants,
  type ParticipantSort,
  type SortOrder,
} from '~/lib/staff/format';
import { PhoneLinks } from '~/components/staff/phone-links';
import { failureMessage } from '~/lib/staff/messages';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { LoadFailed } from '~/components/staff/load-failed';

/** Each order's words, short enough for the half-width menu on a 360 px phone. */
const sortLabels: Record<ParticipantSort, Record<SortOrder, string>> = {
  name: { asc: 'Nome (A–Z)', desc: 'Nome (Z–A)' },
  email: { asc: 'E-mail (A–Z)', desc: 'E-mail (Z–A)' },
  enrolledAt: { asc: 'Mais antigos', desc: 'Mais recentes' },
};

/** Enrolled at the desk and not claimed yet: the person has the paper code, not an account. */
const deskMark = 'Inscrição no balcão, sem conta';

export function ParticipantsPanel({
  slug,
  staffClass,
  coordination,
  monitor = false,
  onChanged,
}: ClassPanelProps) {
  const call = useApi();
  const id = useId();
  const classId = staffClass.id;
  // Removal: Coordenação, in a class not concluded.
  const removes = coordination && !isReadOnly(staffClass);
  // A move: Secretaria and Coordenação, from a class not concluded (decision 090).
  const moves = !monitor && !isReadOnly(staffClass);
  // A new claim code: Secretaria and Coordenação, whatever the class's state (decision 095).
  const reissues = !monitor;
  const list = useLoad(
    useCallback(
      () => call((token) => fetchParticipants(slug, classId, token)),
      [call, slug, classId],
    ),
    'Staff area: loading',
  );
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ParticipantSort>('name');
  const [order, setOrder] = useState<SortOrder>('asc');
  const [confirming, setConfirming] = useState<StaffParticipant | null>(null);
  const [busy, setBusy] = useState(false);
  /** The person being moved, with the classes that may take them (null: still loading). */
  const [moving, setMoving] = useState<{
    person: StaffParticipant;
    targets: StaffClass[] | null;
  } | null>(null);
  const [target, setTarget] = useState('');
  const [reissuing, setReissuing] = useState<{ id: string; name: string } | null>(null);

  const download = async (format: ExportFormat) => {
    try {
      await call((token) => downloadExport(slug, classId, format, token));
    } catch (error) {
      void notify('error', failureMessage('export', error, staffMessages.exportFailed));
    }
  };

  const remove = async (person: StaffParticipant) => {
    setBusy(true);
    try {
      await call((token) => removeParticipant(slug, classId, person.id, token));
      void notify('success', staffMessages.removed);
      setConfirming(null);
      void list.reload();
      onChanged();
    } catch (error) {
      void notify('error', failureMessage('removal', error, staffMessages.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  const askMove = async (person: StaffParticipant) => {
    setConfirming(null);
    setReissuing(null);
    setMoving({ person, targets: null });
    setTarget('');
    try {
      const { classes } = await call((token) => fetchClasses(slug, token));
      const targets = classes.filter(
        (c) => c.id !== classId && (c.state === 'open' || c.state === 'planned'),
      );
      setMoving({ person, targets });
      setTarget(targets[0]?.id ?? '');
    } catch (error) {
      setMoving(null);
      void notify('error', failureMessage('classes', error, staffMessages.loadFailed));
    }
  };

  const move = async (person: StaffParticipant, to: string) => {
    setBusy(true);
    try {
      await call((token) => moveParticipant(slug, classId, person.id, to, token));
      void notify('success', staffMessages.moved);
      setMoving(null);
      void list.reload();
      onChanged();
    } catch (error) {
      void notify('error', failureMessage('move', error, staffMessages.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  if (list.state === 'loading') return <p role="status">Carregando participantes…</p>;
  if (list.state === 'failed') return <LoadFailed onRetry={list.reload} />;

  const people = list.data.participants;
  const { waiting } = list.data;
  const shown = visibleParticipants(people, search, sort, order);
  const actions = removes || moves || (reissues && people.some((p) => p.atDesk));
  const reissueButton = (person: { id: string; name: string; atDesk: boolean }) =>
    reissues &&
    person.atDesk && (
      <button
        type="button"
        className="staff__link-button"
        onClick={() => {
          setConfirming(null);
          setMoving(null);
          setReissuing(person);
        }}
        aria-label={`Gerar novo código para ${person.name}`}
      >
        Gerar novo código
      </button>
    );

  return (
    <div className="staff__panel">
      <div className="staff__toolbar">
        <div className="staff__field">
          <label htmlFor={`${id}-search`}>Buscar por nome ou e-mail</label>
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
        </div>
        <div className="staff__field">
          <label htmlFor={`${id}-sort`}>Ordenar por</label>
          <select
            id={`${id}-sort`}
            value={`${sort}:${order}`}
            onChange={(event) => {
              const [key, direction] = event.currentTarget.value.split(':');
              setSort(key as ParticipantSort);
              setOrder(direction as SortOrder);
            }}
          >
            {(Object.keys(sortLabels) as ParticipantSort[]).flatMap((key) =>
              (['asc', 'desc'] as const).map((direction) => (
                <option key={`${key}:${direction}`} value={`${key}:${direction}`}>
                  {sortLabels[key][direction]}
                </option>
              )),
            )}
          </select>
        </div>
        {!monitor && (
          <div className="staff__exports">
            <button type="button" className="btn btn-outline" onClick={() => void download('csv')}>
              Baixar CSV
            </button>
            <button type="button" className="btn btn-outline" onClick={() => void download('xlsx')}>
              Baixar Excel (.xlsx)
            </button>
          </div>
        )}
      </div>

      <p role="status" className="staff__count">
        {shown.length === people.length
          ? `${people.length} participante${people.length === 1 ? '' : 's'}`
          : `${shown.length} de ${people.length} participantes`}
      </p>

      {confirming && (
        <ConfirmBox
          key={confirming.id}
          question={
            <>
              Remover <strong>{confirming.name || confirming.email}</strong> deste curso? A vaga
              será liberada e a pessoa sairá do grupo do curso.
            </>
          }
          confirm={{
            label: 'Confirmar remoção',
            onClick: () => void remove(confirming),
            disabled: busy,
          }}
          onCancel={() => setConfirming(null)}
        />
      )}

      {reissuing && (
        <NewClaimCode
          key={reissuing.id}
          slug={slug}
          classId={classId}
          person={reissuing}
          onClose={() => setReissuing(null)}
        />
      )}

      {moving && (
        <ConfirmBox
          key={moving.person.id}
          question={
            <>
              Mover <strong>{moving.person.name || moving.person.email}</strong> para outra turma
              deste curso? A presença já marcada fica nesta turma, a vaga liberada passa para a
              lista de espera e a pessoa recebe os novos encontros por e-mail.
            </>
          }
          confirm={
            moving.targets !== null && moving.targets.length > 0
              ? {
                  label: 'Confirmar mudança',
                  onClick: () => void move(moving.person, target),
                  disabled: busy || target === '',
                }
              : null
          }
          onCancel={() => setMoving(null)}
        >
          {moving.targets === null ? (
            <p role="status">Carregando turmas…</p>
          ) : moving.targets.length === 0 ? (
            <p>Não há outra turma aberta ou planejada neste curso.</p>
          ) : (
            <div className="staff__field">
              <label htmlFor={`${id}-target`}>Turma de destino</label>
              <select
                id={`${id}-target`}
                value={target}
                onChange={(event) => setTarget(event.currentTarget.value)}
              >
                {moving.targets.map((c) => (
                  <option key={c.id} value={c.id}>
                    {`${c.name} (${c.taken} de ${c.places} vagas)`}
                  </option>
                ))}
              </select>
            </div>
          )}
        </ConfirmBox>
      )}

      {shown.length > 0 && (
        <table className="staff__table">
          <caption className="visually-hidden">Participantes de {list.data.course.title}</caption>
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">E-mail</th>
              <th scope="col">Celular</th>
              <th scope="col">Inscrição</th>
              <th scope="col">Situação</th>
              {actions && (
                <th scope="col">
                  <span className="visually-hidden">Ações</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {shown.map((person) => (
              <tr key={person.id}>
                <th scope="row" data-label="Nome">
                  {person.name || '—'}
                </th>
                <td data-label="E-mail">{person.email || '—'}</td>
                <td data-label="Celular">
                  <PhoneLinks phone={person.celular} name={person.name || person.email} />
                </td>
                <td data-label="Inscrição">{formatDate(person.enrolledAt)}</td>
                <td data-label="Situação">
                  {statusLabels[person.status]}
                  {person.atDesk && ` · ${deskMark}`}
                </td>
                {actions && (
                  <td>
                    {person.status === 'confirmed' && moves && (
                      <button
                        type="button"
                        className="staff__link-button"
                        onClick={() => void askMove(person)}
                        aria-label={`Mover ${person.name || person.email} para outra turma`}
                      >
                        Mover para outra turma
                      </button>
                    )}
                    {person.status === 'confirmed' && removes && (
                      <button
                        type="button"
                        className="staff__link-button"
                        onClick={() => {
                          setMoving(null);
                          setReissuing(null);
                          setConfirming(person);
                        }}
                        aria-label={`Remover ${person.name || person.email}`}
                      >
                        Remover
                      </button>
                    )}
                    {reissueButton(person)}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section className="staff__waiting" aria-labelledby={`${id}-waiting`}>
        <h3 id={`${id}-waiting`}>Lista de espera</h3>
        {waiting.length === 0 ? (
          <p>Ninguém na lista de espera.</p>
        ) : (
          <>
            <ol className="staff__waiting-list">
              {waiting.map((person) => (
                <li key={person.id}>
                  <strong>{person.name || person.email || '—'}</strong>
                  <span>{person.email}</span>
                  {person.celular && (
                    <span>
                      <PhoneLinks phone={person.celular} name={person.name || person.email} />
                    </span>
                  )}
                  <span>Desde {formatDate(person.joinedAt)}</span>
                  {person.atDesk && <span>{deskMark}</span>}
                  {reissueButton(person)}
                </li>
              ))}
            </ol>
            {!monitor && (
              <div className="staff__exports">
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => void download('waiting-csv')}
                >
                  Baixar lista de espera (CSV)
                </button>
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
