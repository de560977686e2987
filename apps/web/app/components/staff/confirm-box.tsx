/**
 * A staff action that asks first, in place on the page rather than as a modal: the question names
 * the box (an alertdialog), an explanation may describe it, and its buttons are the action and the
 * way back. The focus moves to the box when it opens, so a screen reader reads the question and
 * the keyboard is where the answer is; it moves there again when `refocusOn` changes (a warning
 * that changes the question). A box for another subject needs its own `key`.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ConfirmBoxProps {
  /** The question, as one paragraph. */
  question: ReactNode;
  /** What the action does, read after the question (`aria-describedby`). */
  explanation?: ReactNode;
  /** More between the question and the buttons: a problem, a field. */
  children?: ReactNode;
  /** The action's button; null while there is nothing to confirm (the way back stays). */
  confirm: { label: string; onClick: () => void; disabled?: boolean } | null;
  onCancel: () => void;
  cancelLabel?: string;
  /** A value whose change brings the focus back to the box. */
  refocusOn?: unknown;
}

export function ConfirmBox({
  question,
  explanation,
  children,
  confirm,
  onCancel,
  cancelLabel = 'Cancelar',
  refocusOn,
}: ConfirmBoxProps) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, [refocusOn]);
  return (
    <div
      ref={box}
      tabIndex={-1}
      className="staff__confirm"
      role="alertdialog"
      aria-labelledby={`${id}-question`}
      aria-describedby={explanation === undefined ? undefined : `${id}-explanation`}
    >
      <p id={`${id}-question`}>{question}</p>
      {explanation !== undefined && <p id={`${id}-explanation`}>{explanation}</p>}
      {children}
      <div className="actions">
        {confirm && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={confirm.disabled}
            onClick={confirm.onClick}
          >
            {confirm.label}
          </button>
        )}
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </div>
  );
}
