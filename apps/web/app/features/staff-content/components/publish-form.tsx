/**
 * The form of one content document in 'Conteúdo' (the schedule, the notices, a page's texts, the
 * contact details), around its own fields: who published the version on screen ('Publicado por …
 * em …', or that the site still shows its original) and what a save changes; under the fields, the
 * save's problem and the buttons, 'Pré-visualizar' then 'Publicar …'. The state is useContentForm's;
 * the preview's problem is the form's own.
 */
import { type FormEvent, type ReactNode, useState } from 'react';
import { useApi } from '~/auth/use-api';
import { formatDateTime } from '~/lib/staff/format';
import { openPreview } from './preview-window';

interface PublishFormProps {
  /** From useContentForm: the version on screen, the save's problem, and the save. */
  doc: {
    published: { savedAt: string | null; savedBy: string | null };
    problem: string | null;
    busy: boolean;
    save: (event: FormEvent<HTMLFormElement>) => Promise<void>;
    /** Shows the fields' problems; true when there are none. */
    check: () => boolean;
  };
  /** The form's own heading; with one, the form is a panel of its own. */
  heading?: ReactNode;
  /** Said while nobody has saved the document: what the site shows. */
  original: string;
  /** What a save changes, after who published. */
  about: ReactNode;
  /** The publish button's text. */
  submit: string;
  /**
   * 'Pré-visualizar', before the publish button: the page with the fields as they are (checked
   * first), rendered by the server; none: no button (the notices' form without a notice).
   */
  preview?: {
    render: (token: string) => Promise<string>;
    /** For the console when the preview fails ('notices preview'). */
    what: string;
  };
  children: ReactNode;
}

export function PublishForm(props: PublishFormProps) {
  const { doc, heading, original, about, submit, preview, children } = props;
  const { published, problem, busy, save, check } = doc;
  const call = useApi();
  const [previewProblem, setPreviewProblem] = useState<string | null>(null);
  const showPreview = async ({ render, what }: NonNullable<typeof preview>) => {
    setPreviewProblem(null);
    if (!check()) return;
    setPreviewProblem(await openPreview(() => call(render), what));
  };
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
      {previewProblem && (
        <p className="staff__problem" role="alert">
          {previewProblem}
        </p>
      )}
      <div className="staff__exports">
        {preview && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => void showPreview(preview)}
          >
            Pré-visualizar
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {submit}
        </button>
      </div>
    </form>
  );
}
