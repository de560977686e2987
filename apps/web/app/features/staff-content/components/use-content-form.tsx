/**
 * One edited content document in the 'Conteúdo' section (the schedule, the notices): its form, the
 * problems beside their fields, and the save that names the version it started from. A save is
 * checked here first (problems beside their fields, nothing sent); a refusal, a stale version or a
 * failure leaves the text on screen with the reason.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { notify } from '~/components/toasts/notify';
import { useApi } from '~/auth/use-api';
import { staffMessages } from '~/lib/staff/copy';
import { failureMessage } from '~/lib/staff/messages';

/** What a field's input gets: its id and, with a problem, the attributes that point to it. */
export interface ContentFieldProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** How one document's form is made, checked and sent. */
export interface ContentDocumentForm<Saved extends { revision: number }, Form> {
  formOf: (saved: Saved) => Form;
  /** Problems by field key; none: the form may be sent. */
  problemsOf: (form: Form) => Map<string, string>;
  send: (revision: number, form: Form, token: string) => Promise<Saved>;
  /** The success toast. */
  published: string;
  /** For the console when the failure is not a refusal ('content', 'notices'). */
  what: string;
  /** Told of each save's answer (the texts' history loads again). */
  onSaved?: (saved: Saved) => void;
}

export function useContentForm<Saved extends { revision: number }, Form>(
  initial: Saved,
  {
    formOf,
    problemsOf,
    send,
    published: publishedMessage,
    what,
    onSaved,
  }: ContentDocumentForm<Saved, Form>,
) {
  const call = useApi();
  const id = useId();
  const [published, setPublished] = useState(initial);
  const [form, setForm] = useState(() => formOf(initial));
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Shows the form's problems beside their fields; true when there are none. */
  const check = () => {
    const found = problemsOf(form);
    setProblems(found);
    if (found.size > 0) setProblem('Corrija os campos indicados.');
    return found.size === 0;
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!check()) return;
    setBusy(true);
    setProblem(null);
    try {
      const saved = await call((token) => send(published.revision, form, token));
      setPublished(saved);
      setForm(formOf(saved));
      onSaved?.(saved);
      void notify('success', publishedMessage);
    } catch (error) {
      setProblem(failureMessage(what, error, staffMessages.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  /** A labelled field with its problem beside it. */
  const field = (key: string, label: string, input: (props: ContentFieldProps) => ReactNode) => {
    const fieldId = `${id}-${key}`;
    const message = problems.get(key);
    return (
      <div className="staff__field">
        <label htmlFor={fieldId}>{label}</label>
        {input({
          id: fieldId,
          'aria-invalid': message ? true : undefined,
          'aria-describedby': message ? `${fieldId}-problem` : undefined,
        })}
        {message && (
          <small id={`${fieldId}-problem`} className="staff__problem">
            {message}
          </small>
        )}
      </div>
    );
  };

  return { form, setForm, published, problem, busy, save, field, check };
}
