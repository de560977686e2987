/** 'Cancelar inscrição' with its confirmation step (course page and 'Minhas inscrições'). */
import { useId, useState } from 'react';
import { participantMessages as text } from '../copy';

interface CancelEnrolmentProps {
  /** The course, for the button's accessible name where several are listed. */
  title?: string;
  busy: boolean;
  onConfirm: () => Promise<unknown>;
}

export function CancelEnrolment({ title, busy, onConfirm }: CancelEnrolmentProps) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <button
        type="button"
        className="btn btn-outline"
        aria-label={title ? `${text.cancel}: ${title}` : undefined}
        onClick={() => setConfirming(true)}
      >
        {text.cancel}
      </button>
    );
  }
  return (
    <div className="enrol__confirm" role="alertdialog" aria-labelledby={id}>
      <p id={id}>{title ? `${title}: ${text.cancelQuestion}` : text.cancelQuestion}</p>
      <div className="actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => void onConfirm().finally(() => setConfirming(false))}
        >
          {text.cancelConfirm}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => setConfirming(false)}>
          {text.keep}
        </button>
      </div>
    </div>
  );
}
