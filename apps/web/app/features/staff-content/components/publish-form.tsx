/**
 * The form of one content document in 'Conteúdo' (the schedule, the notices, a page's texts, the
 * contact details), around its own fields: who published the version on screen ('Publicado por …
 * em …', or that the site still shows its original) and what a save changes; under the fields, the
 * save's problem and the buttons, 'Publicar …' last. The state is useContentForm's.
 */
import type { FormEvent, ReactNode } from 'react';
import { formatDateTime } from '~/lib/staff/format';

interface PublishFormProps {
  /** From useContentForm: the version on screen, the save's problem, and the save. */
  doc: {
    published: { savedAt: string | null; savedBy: string | null };
    problem: string | null;
    busy: boolean;
    save: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  };
  /** The form's own heading; with one, the form is a panel of its own. */
  heading?: ReactNode;
  /** Said while nobody has saved the document: what the site shows. */
  original: string;
  /** What a save changes, after who published. */
  about: ReactNode;
  /** The publish button's text. */
  submit: string;
  /** More problems, under the save's (the texts' preview). */
  problems?: ReactNode;
  /** Buttons before the publish button (the texts' 'Pré-visualizar'). */
  actions?: ReactNode;
  children: ReactNode;
}

export function PublishForm(props: PublishFormProps) {
  const { doc, heading, original, about, submit, problems, actions, children } = props;
  const { published, problem, busy, save } = doc;
  return (
    <form
      className={heading ? 'staff__settings' : undefined}
      onSubmit={(event) => void save(event)}
      noValidate
    >
      {heading}
      <p className="staff__count">
        {published.savedAt && published.savedBy
          ? `Publicado por ${published.savedBy} em ${formatDateTime(published.savedAt)}.`
          : original}{' '}
        {about}
      </p>
      {children}
      {problem && (
        <p className="staff__problem" role="alert">
          {problem}
        </p>
      )}
      {problems}
      <div className="staff__exports">
        {actions}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {submit}
        </button>
      </div>
    </form>
  );
}
