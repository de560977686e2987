/**
 * The completions of a course's concluded classes: each participant's 'Concluiu'
 * or 'Não concluiu', by class, with the reason when Coordenação changed it. Coordenação changes one
 * with a reason (required, beside its field); the change is recorded with its before and after.
 */
import type { StaffCompletion } from '@centro/contracts';
import { useCallback, useState, type FormEvent } from 'react';
import { notify } from '~/components/toasts/notify';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { changeCompletion, fetchCompletions } from '../api/prerequisites';
import { prerequisiteMessages, staffMessages } from '~/lib/staff/copy';
import { failureMessage } from '~/lib/staff/messages';
import { LoadFailed } from '~/components/staff/load-failed';
import { StaffField } from '~/components/staff/staff-field';
import { useFieldForm } from '~/components/staff/use-field-form';

interface CompletionsPanelProps {
  slug: string;
  coordination: boolean;
}

const stateText = (concluded: boolean) => (concluded ? 'Concluiu' : 'Não concluiu');

const isReason = (name: string | undefined): name is 'reason' => name === 'reason';

export function CompletionsPanel({ slug, coordination }: CompletionsPanelProps) {
  const call = useApi();
  const loaded = useLoad(
    useCallback(() => call((token) => fetchCompletions(slug, token)), [call, slug]),
    'Staff area: loading',
  );
  if (loaded.state === 'loading') return <p role="status">Carregando conclusões…</p>;
  if (loaded.state === 'failed') return <LoadFailed onRetry={loaded.reload} />;
  if (loaded.data.length === 0) {
    return <p>Nenhuma turma deste curso foi encerrada ainda: ainda não há conclusões.</p>;
  }
  return (
    <table className="staff__table">
      <caption>Conclusões das turmas encerradas</caption>
      <thead>
        <tr>
          <th scope="col">Participante</th>
          <th scope="col">Turma</th>
          <th scope="col">Situação</th>
          <th scope="col">Motivo da alteração</th>
          {coordination && <th scope="col">Alterar</th>}
        </tr>
      </thead>
      <tbody>
        {loaded.data.map((c) => (
          <tr key={`${c.classId}/${c.personId}`}>
            <th scope="row" data-label="Participante">
              {c.name ?? 'Nome indisponível'}
            </th>
            <td data-label="Turma">{c.className}</td>
            <td data-label="Situação">{stateText(c.concluded)}</td>
            <td data-label="Motivo da alteração">{c.reason ?? '—'}</td>
            {coordination && (
              <td>
                <ChangeCompletion slug={slug} completion={c} onChanged={loaded.reload} />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** 'Mudar para …' with the reason. */
function ChangeCompletion({
  slug,
  completion,
  onChanged,
}: {
  slug: string;
  completion: StaffCompletion;
  onChanged: () => unknown;
}) {
  const call = useApi();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const { inputId, busy, show, run, problemOf, formProblem } = useFieldForm(isReason);
  const after = !completion.concluded;
  const who = completion.name ?? 'participante';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim().length < 3) {
      return show({ field: 'reason', message: prerequisiteMessages.reasonRequired });
    }
    await run(
      async () => {
        await call((token) =>
          changeCompletion(slug, completion, { concluded: after, reason: reason.trim() }, token),
        );
        void notify('success', prerequisiteMessages.completionChanged);
        setOpen(false);
        onChanged();
      },
      (error) => failureMessage('completion change', error, staffMessages.saveFailed),
    );
  };

  if (!open) {
    return (
      <button
        type="button"
        className="staff__link-button"
        aria-label={`Mudar ${who} para ${stateText(after)}`}
        onClick={() => setOpen(true)}
      >
        Mudar para {stateText(after)}
      </button>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      {/* The form's only field: a failure of the change shows beside it too. */}
      <StaffField
        inputId={inputId('reason')}
        label="Motivo"
        problem={problemOf('reason') ?? formProblem}
      >
        {(tie) => (
          <input
            {...tie}
            type="text"
            maxLength={300}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
        )}
      </StaffField>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Confirmar: {stateText(after)}
      </button>{' '}
      <button type="button" className="btn" disabled={busy} onClick={() => setOpen(false)}>
        Cancelar
      </button>
    </form>
  );
}
