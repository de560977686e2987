/**
 * 'Enviar mensagem à turma' (decision 063): a subject and a plain text to every
 * confirmed person of one class, and its waiting list when ticked. Self-contained: it takes the
 * course's slug and the class's id and name, so any screen of a class can hold it. One message at
 * a time, a problem beside its field (the API names it) or above the button; after a send, the
 * fields empty and the form says to how many people it went.
 */
import { CLASS_MESSAGE_LIMITS, classMessageProblems as P } from '@centro/contracts/field-labels';
import { useState, type FormEvent } from 'react';
import { useApi } from '~/auth/use-api';
import { sendClassMessage } from '../api/class-messages';
import { failureMessage } from '~/lib/staff/messages';
import { StaffField } from '~/components/staff/staff-field';
import { useFieldForm } from '~/components/staff/use-field-form';

export interface ClassMessageFormProps {
  slug: string;
  classId: string;
  className: string;
}

type MessageField = 'subject' | 'text';
const isField = (name: string | undefined): name is MessageField =>
  name === 'subject' || name === 'text';

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
function problemOfMessage(
  subject: string,
  text: string,
): { message: string; field: MessageField } | null {
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
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [waitingList, setWaitingList] = useState(false);
  const { id, inputId, busy, show, run, done, problemOf, formProblem } = useFieldForm<
    MessageField,
    { recipients: number; left: number }
  >(isField);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = problemOfMessage(subject, text);
    if (problem) return show(problem);
    await run(
      async () => {
        const sent = await call((token) =>
          sendClassMessage(slug, classId, { subject, text, waitingList }, token),
        );
        setSubject('');
        setText('');
        setWaitingList(false);
        return sent;
      },
      (error) => failureMessage('class message', error, SEND_FAILED),
    );
  };

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
        problem={problemOf('subject')}
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
        problem={problemOf('text')}
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
      {formProblem && (
        <p className="staff__problem" role="alert">
          {formProblem}
        </p>
      )}
      {done && (
        <p className="staff__saved" role="status">
          {sentText(done.recipients, done.left)}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Enviando…' : 'Enviar mensagem'}
      </button>
    </form>
  );
}
