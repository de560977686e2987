/**
 * A course's classes: each with its state, places taken and first meeting, a link that
 * shows that class's panels, and (Coordenação) 'Abrir inscrições' of a planned class and
 * 'Encerrar turma' with a confirmation that says what it does (and, before the last meeting, asks
 * again with the server's count of meetings left), then how many concluded; 'Reabrir turma' of a
 * concluded class; 'Nova turma' opens its form.
 */
import type { StaffClass, StaffClassProposal } from '@centro/contracts';
import { formatDate } from '@centro/content/site';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmBox } from '~/components/staff/confirm-box';
import { useApi } from '~/auth/use-api';
import { notify } from '~/components/toasts/notify';
import { ErrorCode } from '@centro/contracts/error-codes';
import { ApiError } from '~/lib/api-error';
import { concludeClass, openClass, reopenClass } from '../api/classes';
import { meetingsAhead } from '~/lib/staff/classes';
import { classStatus, placesTaken } from '@centro/contracts/class-status';
import { classMessages, concludedMessage, staffMessages } from '~/lib/staff/copy';
import { failureMessage } from '~/lib/staff/messages';
import { NewClassForm } from './new-class-form';

interface ClassesPanelProps {
  slug: string;
  /** Oldest first. */
  classes: readonly StaffClass[];
  /** What 'Nova turma' proposes. */
  proposal: StaffClassProposal;
  /** The class whose panels are shown. */
  chosenId: string | null;
  coordination: boolean;
  onChanged: () => void;
}

export function ClassesPanel({
  slug,
  classes,
  proposal,
  chosenId,
  coordination,
  onChanged,
}: ClassesPanelProps) {
  const call = useApi();
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<StaffClass | null>(null);
  const [reopening, setReopening] = useState<StaffClass | null>(null);
  /** The server's refusal of a conclusion, and the meetings to confirm (null: none to ask). */
  const [warning, setWarning] = useState<{ message: string; remaining: number | null } | null>(
    null,
  );
  const closeDialog = () => {
    setConfirming(null);
    setReopening(null);
    setWarning(null);
  };
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const now = new Date().toISOString();

  const open = async (target: StaffClass) => {
    setBusy(true);
    setDone(null);
    try {
      await call((token) => openClass(slug, target.id, token));
      setDone(`Inscrições da ${target.name} abertas.`);
      onChanged();
    } catch (error) {
      void notify('error', failureMessage('opening', error, staffMessages.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  const conclude = async (target: StaffClass, meetingsRemaining?: number) => {
    setBusy(true);
    try {
      const completions = await call((token) =>
        concludeClass(slug, target.id, token, meetingsRemaining),
      );
      const concluded = completions.filter((c) => c.concluded).length;
      setDone(concludedMessage(target.name, concluded, completions.length - concluded));
      closeDialog();
      onChanged();
    } catch (error) {
      // Before the last meeting, or before the first, the server says why in the dialog itself,
      // which then asks again (decision 077).
      if (
        error instanceof ApiError &&
        (error.code === ErrorCode.ClassMeetingsRemain || error.code === ErrorCode.ClassNotStarted)
      ) {
        setWarning({
          message: error.apiMessage ?? staffMessages.saveFailed,
          remaining: error.code === ErrorCode.ClassMeetingsRemain ? meetingsAhead(target) : null,
        });
      } else {
        void notify('error', failureMessage('conclusion', error, staffMessages.saveFailed));
      }
    } finally {
      setBusy(false);
    }
  };

  const reopen = async (target: StaffClass) => {
    setBusy(true);
    try {
      await call((token) => reopenClass(slug, target.id, token));
      setDone(classMessages.reopened(target.name));
      closeDialog();
      onChanged();
    } catch (error) {
      void notify('error', failureMessage('reopening', error, staffMessages.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="staff__panel">
      <ul className="plain-list staff__classes" aria-label="Turmas do curso">
        {classes.map((c) => (
          <li key={c.id}>
            <Link
              to={`?curso=${encodeURIComponent(slug)}&turma=${c.id}&aba=participantes`}
              aria-current={c.id === chosenId ? 'true' : undefined}
            >
              {c.name}
            </Link>
            <span>{classStatus(c, now).label}</span>
            {classStatus(c, now).note && <span>{classStatus(c, now).note}</span>}
            <span>{placesTaken(c.taken, c.places)}</span>
            {c.schedule[0] && <span>Primeiro encontro: {formatDate(c.schedule[0].date)}</span>}
            {coordination && c.state === 'planned' && (
              <button
                type="button"
                className="staff__link-button"
                aria-label={`Abrir inscrições da ${c.name}`}
                disabled={busy}
                onClick={() => void open(c)}
              >
                Abrir inscrições
              </button>
            )}
            {coordination && c.state !== 'concluded' && (
              <button
                type="button"
                className="staff__link-button"
                aria-label={`Encerrar turma ${c.name}`}
                onClick={() => {
                  setDone(null);
                  closeDialog();
                  setConfirming(c);
                }}
              >
                Encerrar turma
              </button>
            )}
            {coordination && c.state === 'concluded' && (
              <button
                type="button"
                className="staff__link-button"
                aria-label={`Reabrir turma ${c.name}`}
                onClick={() => {
                  setDone(null);
                  closeDialog();
                  setReopening(c);
                }}
              >
                Reabrir turma
              </button>
            )}
          </li>
        ))}
      </ul>

      {confirming && (
        <ConfirmBox
          key={confirming.id}
          refocusOn={warning}
          question={<strong>Encerrar {confirming.name}?</strong>}
          explanation={classMessages.concludeExplained}
          confirm={
            warning === null
              ? {
                  label: 'Confirmar encerramento',
                  onClick: () => void conclude(confirming),
                  disabled: busy,
                }
              : warning.remaining === null
                ? null
                : {
                    label: 'Encerrar mesmo assim',
                    onClick: () => void conclude(confirming, warning.remaining ?? undefined),
                    disabled: busy,
                  }
          }
          onCancel={closeDialog}
        >
          {warning && (
            <p role="alert" className="staff__problem">
              {warning.message}
            </p>
          )}
        </ConfirmBox>
      )}
      {reopening && (
        <ConfirmBox
          key={reopening.id}
          question={<strong>Reabrir {reopening.name}?</strong>}
          explanation={classMessages.reopenExplained}
          confirm={{
            label: 'Confirmar reabertura',
            onClick: () => void reopen(reopening),
            disabled: busy,
          }}
          onCancel={closeDialog}
        />
      )}
      <p role="status" className="staff__saved">
        {done}
      </p>

      {coordination &&
        (creating ? (
          <NewClassForm
            slug={slug}
            proposal={proposal}
            onCreated={(created) => {
              setCreating(false);
              setDone(`${created.name} criada (planejada).`);
              onChanged();
            }}
            onCancel={() => setCreating(false)}
          />
        ) : (
          <p>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setDone(null);
                setCreating(true);
              }}
            >
              Nova turma
            </button>
          </p>
        ))}
    </div>
  );
}
