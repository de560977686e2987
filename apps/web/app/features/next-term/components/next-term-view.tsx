/**
 * 'Preparar próximo semestre' (Coordenação, decision 093): every course's class for the next term,
 * proposed by the server from its latest class, in one table the coordinator corrects (first
 * meeting, time, place, places, opening of enrolment) and then creates together. Nothing is
 * created before 'Criar turmas'; the proposal's key makes a second tap create nothing more, and a
 * course that already has its class for the term is shown as prepared. On a phone each course is a
 * card. Loaded when opened (the staff area lazy-loads it).
 */
import type { StaffTermProposalResponse } from '@centro/contracts';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useApi } from '~/auth/use-api';
import { useFieldForm } from '~/components/staff/use-field-form';
import { LoadFailed } from '~/components/staff/load-failed';
import { staffMessages } from '~/lib/staff/copy';
import { failureMessage } from '~/lib/staff/messages';
import { useLoad } from '~/lib/use-load';
import { fetchTermProposal, prepareTerm } from '../api/next-term';
import {
  dateText,
  meetingsText,
  preparedText,
  type RowField,
  rowField,
  rowFieldOfServer,
  type TermField,
  type TermRow,
  termRequestOf,
  termRowsOf,
} from '../next-term-form';
import '../next-term.css';

export default function NextTermView() {
  const call = useApi();
  const proposal = useLoad(
    useCallback(() => call(fetchTermProposal), [call]),
    'Next term: loading',
  );
  const [done, setDone] = useState<string | null>(null);
  if (proposal.state === 'loading') return <p role="status">Carregando a proposta…</p>;
  if (proposal.state === 'failed') {
    return (
      <LoadFailed
        message="Não foi possível carregar a proposta do próximo semestre. Tente novamente."
        onRetry={() => void proposal.reload()}
      />
    );
  }
  return (
    <NextTermTable
      // A new proposal (after a creation) starts a new table, with its own key.
      key={proposal.data.key}
      proposal={proposal.data}
      done={done}
      onCreated={(text) => {
        setDone(text);
        void proposal.reload();
      }}
    />
  );
}

const isRowField = (name: string | undefined): name is RowField =>
  typeof name === 'string' && /\.(firstMeeting|time|room|places|opensAt)$/.test(name);

const COLUMNS: { field: TermField; label: string; type: string }[] = [
  { field: 'firstMeeting', label: 'Primeiro encontro', type: 'date' },
  { field: 'time', label: 'Horário', type: 'time' },
  { field: 'room', label: 'Local', type: 'text' },
  { field: 'places', label: 'Vagas', type: 'number' },
  { field: 'opensAt', label: 'Abertura das inscrições', type: 'datetime-local' },
];

function NextTermTable({
  proposal,
  done,
  onCreated,
}: {
  proposal: StaffTermProposalResponse;
  done: string | null;
  onCreated: (text: string) => void;
}) {
  const call = useApi();
  const id = useId();
  // After a creation the table is gone: the sentence saying what was created takes the focus.
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    doneRef.current?.focus();
  }, []);
  const [rows, setRows] = useState<TermRow[]>(() => termRowsOf(proposal));
  // The courses of the last request, in its order: the server names a row by its place in it.
  const sent = useRef<string[]>([]);
  const { inputId, busy, show, run, problemOf, formProblem } = useFieldForm(isRowField, (name) =>
    rowFieldOfServer(name, sent.current),
  );
  const prepared = proposal.courses.filter((c) => c.status === 'prepared');
  const count = rows.filter((r) => r.include).length;
  const change = (slug: string, values: Partial<TermRow>) =>
    setRows((current) => current.map((r) => (r.slug === slug ? { ...r, ...values } : r)));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const asked = termRequestOf(proposal.key, proposal.term, rows);
    if (!asked.ok) return show(asked);
    sent.current = asked.slugs;
    await run(
      async () => {
        const answer = await call((token) => prepareTerm(asked.request, token));
        onCreated(preparedText(proposal.term, answer.created.length, answer.skipped.length));
      },
      (error) => failureMessage('next term', error, staffMessages.saveFailed),
    );
  };

  return (
    <section className="next-term" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Preparar próximo semestre: {proposal.term}</h2>
      <p>
        Cada curso ganha uma turma a partir da atual: mesmo dia da semana, horário e local, um
        semestre depois, sem os recessos e sem o link do grupo de WhatsApp. As inscrições abrem tão
        antes do primeiro encontro quanto na turma atual.
      </p>
      <p>
        Corrija o que for preciso: nada é criado até você clicar em “Criar turmas”. As turmas
        começam planejadas.
      </p>
      {done && (
        <p className="next-term__done" role="status" tabIndex={-1} ref={doneRef}>
          {done}
        </p>
      )}
      {rows.length === 0 ? (
        <p>Todos os cursos já têm a turma do semestre {proposal.term}.</p>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <div className="next-term__scroll">
            <table className="staff__table next-term__table">
              <caption className="next-term__caption">
                Turmas propostas para {proposal.term}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Curso</th>
                  {COLUMNS.map((c) => (
                    <th key={c.field} scope="col">
                      {c.label}
                    </th>
                  ))}
                  <th scope="col">Encontros</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.slug} aria-label={row.title}>
                    <th scope="row">
                      <label className="next-term__include">
                        <input
                          type="checkbox"
                          checked={row.include}
                          onChange={(event) => change(row.slug, { include: event.target.checked })}
                        />
                        {row.title}
                      </label>
                    </th>
                    {COLUMNS.map((c) => {
                      const field = rowField(row.slug, c.field);
                      const problem = problemOf(field);
                      return (
                        <td key={c.field}>
                          <label className="next-term__label" htmlFor={inputId(field)}>
                            {c.label}
                            <span className="next-term__course"> ({row.title})</span>
                          </label>
                          <input
                            id={inputId(field)}
                            type={c.type}
                            value={row[c.field]}
                            disabled={!row.include}
                            {...(c.type === 'number'
                              ? { min: 1, inputMode: 'numeric' as const }
                              : {})}
                            aria-invalid={problem ? true : undefined}
                            aria-describedby={problem ? `${inputId(field)}-problem` : undefined}
                            onChange={(event) =>
                              change(row.slug, { [c.field]: event.target.value })
                            }
                          />
                          {problem && (
                            <p id={`${inputId(field)}-problem`} className="staff__problem">
                              {problem}
                            </p>
                          )}
                        </td>
                      );
                    })}
                    <td data-label="Encontros">
                      <MeetingsCell row={row} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {formProblem && (
            <p className="staff__problem" role="alert">
              {formProblem}
            </p>
          )}
          <div className="staff__actions">
            <button type="submit" className="btn btn-primary" disabled={busy || count === 0}>
              {busy ? 'Criando…' : `Criar turmas (${count})`}
            </button>
          </div>
        </form>
      )}
      {prepared.length > 0 && (
        <>
          <h3>Já preparados</h3>
          <ul className="next-term__prepared">
            {prepared.map((c) => (
              <li key={c.slug}>
                {c.title}: {c.existing?.name}, primeiro encontro em{' '}
                {dateText(c.existing?.firstMeeting ?? '')}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function MeetingsCell({ row }: { row: TermRow }) {
  const { count, until } = meetingsText(row);
  return (
    <>
      <span className="next-term__nowrap">{count}</span>
      {until && (
        <>
          {' '}
          <span className="next-term__nowrap">{until}</span>
        </>
      )}
    </>
  );
}
