/**
 * 'Enviar mensagem à turma' (issue 29, point 8; decision 063): a subject and a plain text to every
 * confirmed person of one class, and its waiting list when ticked. Self-contained: it takes the
 * course's slug and the class's id and name, so any screen of a class can hold it. One message at
 * a time, a problem beside its field (the API names it) or above the button; after a send, the
 * fields empty and the form says to how many people it went.
 */
import { CLASS_MESSAGE_LIMITS, classMessageProblems as P } from '@centro/contracts/field-labels';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '~/lib/api-client';
import { useApi } from '~/auth/use-api';
import { sendClassMessage } from '../api/class-messages';
import { failureMessage } from '../messages';
import { StaffField } from './staff-field';

export interface ClassMessageFormProps {
  slug: string;
  classId: string;
  className: string;
}

type Field = 'subject' | 'text';
type Outcome =
  | { kind: 'sent'; recipients: number; left: number }
  | { kind: 'problem'; message: string; field: Field | null }
  | null;

const SEND_FAILED = 'Não foi possível enviar a mensagem. Tente novamente.';

/** "Mensagem enviada para 12 pessoas. Esta turma ainda pode receber 2 mensagens hoje." */
export function sentText(recipients: number, left: number): string {
  const people = recipients === 1 ? '1 pessoa' : `${recipients} pessoas`;
  const more =
    left === 0
      ? 'Esta turma não pode receber outra mensagem nas próximas 24 horas.'
      : `Esta turma ainda pode receber ${left === 1 ? '1 mensagem' : `${left} mensagens`} nas próximas 24 horas.`;
  return `Mensagem enviada para ${people}. ${more}`;
}

/** The form's own check, before asking the server (which checks the same). */
function problemOf(subject: string, text: string): { message: string; field: Field } | null {
  const limits = CLASS_MESSAGE_LIMITS;
  if (subject.trim() === '') return { field: 'subject', message: P.subjectMissing };
  if (subject.trim().length > limits.subject)
    return { field: 'subject', message: P.subjectTooLong };
  if (text.trim() === '') return { field: 'text', message: P.textMissing };
  if (text.trim().length > limits.text) return { field: 'text', message: P.textTooLong };
  return null;
}

export function ClassMessageForm({ slug, classId, className }: ClassMessageFormProps) {
  const call = useApi();
  const id = useId();
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [waitingList, setWaitingList] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const inputId = (field: Field) => `${id}-${field}`;
  const showProblem = (message: string, field: Field | null) => {
    setOutcome({ kind: 'problem', message, field });
    if (field) document.getElementById(inputId(field))?.focus();
  };

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const problem = problemOf(subject, text);
    if (problem) {
      showProblem(problem.message, problem.field);
      return;
    }
    setBusy(true);
    try {
      const sent = await call((token) =>
        sendClassMessage(slug, classId, { subject, text, waitingList }, token),
      );
      setSubject('');
      setText('');
      setWaitingList(false);
      setOutcome({ kind: 'sent', ...sent });
    } catch (error) {
      const field =
        error instanceof ApiError && (error.field === 'subject' || error.field === 'text')
          ? error.field
          : null;
      showProblem(failureMessage('class message', error, SEND_FAILED), field);
    } finally {
      setBusy(false);
    }
  };
  const fieldProblem = (field: Field) =>
    outcome?.kind === 'problem' && outcome.field === field ? outcome.message : null;

  return (
    <form
      className="staff__settings staff__class-message"
      onSubmit={(event) => void send(event)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>Enviar mensagem à turma {className}</h3>
      <p id={`${id}-about`}>
        Cada pessoa inscrita recebe a mensagem por e-mail, em texto simples, com o rodapé do centro.
        No máximo 3 mensagens por turma a cada 24 horas.
      </p>
      <StaffField
        inputId={inputId('subject')}
        label="Assunto"
        problem={fieldProblem('subject')}
        hint={<>Até {CLASS_MESSAGE_LIMITS.subject} caracteres.</>}
      >
        {(tie) => (
          <input
            {...tie}
            name="subject"
            type="text"
            maxLength={CLASS_MESSAGE_LIMITS.subject}
            value={subject}
            onChange={(event) => setSubject(event.currentTarget.value)}
          />
        )}
      </StaffField>
      <StaffField
        inputId={inputId('text')}
        label="Mensagem"
        problem={fieldProblem('text')}
        hint={
          <>
            Texto simples: uma linha em branco separa os parágrafos. {text.length} de{' '}
            {CLASS_MESSAGE_LIMITS.text} caracteres.
          </>
        }
      >
        {(tie) => (
          <textarea
            {...tie}
            name="text"
            rows={8}
            maxLength={CLASS_MESSAGE_LIMITS.text}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
        )}
      </StaffField>
      <label className="staff__check">
        <input
          type="checkbox"
          name="waitingList"
          checked={waitingList}
          onChange={(event) => setWaitingList(event.currentTarget.checked)}
        />
        Enviar também para a lista de espera
      </label>
      {outcome?.kind === 'problem' && outcome.field === null && (
        <p className="staff__problem" role="alert">
          {outcome.message}
        </p>
      )}
      {outcome?.kind === 'sent' && (
        <p className="staff__saved" role="status">
          {sentText(outcome.recipients, outcome.left)}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Enviando…' : 'Enviar mensagem'}
      </button>
    </form>
  );
}
