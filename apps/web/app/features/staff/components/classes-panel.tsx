/**
 * A course's classes: each with its state, places taken and first meeting, a link that
 * shows that class's panels, and (Coordenação) 'Abrir inscrições' of a planned class and
 * 'Encerrar turma' with a confirmation that says what it does, then how many concluded; 'Nova
 * turma' opens its form.
 */
import type { StaffClass, StaffClassProposal } from '@centro/contracts';
import { formatDate } from '@centro/content/site';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '~/auth/use-api';
import { notify } from '~/components/toasts/notify';
import { concludeClass, openClass } from '../api/classes';
import { classMessages, classStateLabels, concludedMessage, staffMessages } from '../copy';
import { formatDateTime } from '../format';
import { failureMessage } from '../messages';
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

/** An open class whose enrolment window is not now: when it opens, or that it closed. */
function windowNote(c: StaffClass): string | null {
  if (c.state !== 'open') return null;
  const now = new Date().toISOString();
  if (c.opensAt !== null && now < c.opensAt) return `Abrem em ${formatDateTime(c.opensAt)}`;
  if (c.closesAt !== null && now >= c.closesAt)
    return `Encerradas em ${formatDateTime(c.closesAt)}`;
  return null;
}

export function ClassesPanel({
  slug,
  classes,
  proposal,
  chosenId,
  coordination,
  onChanged,
}: ClassesPanelProps) {
  const id = useId();
  const call = useApi();
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<StaffClass | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  // The confirmation takes the focus, so a keyboard or screen reader user is in it at once.
  useEffect(() => {
    if (confirming) dialog.current?.focus();
  }, [confirming]);

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

  const conclude = async (target: StaffClass) => {
    setBusy(true);
    try {
      const completions = await call((token) => concludeClass(slug, target.id, token));
      const concluded = completions.filter((c) => c.concluded).length;
      setDone(concludedMessage(target.name, concluded, completions.length - concluded));
      setConfirming(null);
      onChanged();
    } catch (error) {
      void notify('error', failureMessage('conclusion', error, staffMessages.saveFailed));
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
            <span>{classStateLabels[c.state]}</span>
            {windowNote(c) && <span>{windowNote(c)}</span>}
            <span>
              {c.taken} de {c.places} vagas ocupadas
            </span>
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
                  setConfirming(c);
                }}
              >
                Encerrar turma
              </button>
            )}
          </li>
        ))}
      </ul>

      {confirming && (
        <div
          ref={dialog}
          tabIndex={-1}
          className="staff__confirm"
          role="alertdialog"
          aria-labelledby={`${id}-conclude`}
          aria-describedby={`${id}-conclude-what`}
        >
          <p id={`${id}-conclude`}>
            <strong>Encerrar {confirming.name}?</strong>
          </p>
          <p id={`${id}-conclude-what`}>{classMessages.concludeExplained}</p>
          <div className="actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => void conclude(confirming)}
            >
              Confirmar encerramento
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setConfirming(null)}>
              Cancelar
            </button>
          </div>
        </div>
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
