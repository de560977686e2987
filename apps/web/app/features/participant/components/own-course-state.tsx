/**
 * The person's own line in a course's box (enrolled, waiting, opening e-mail asked) with what they
 * can do about it beside: the WhatsApp group, 'Cancelar inscrição', 'Sair da lista de espera'…
 */
import type { ReactNode } from 'react';

export function OwnCourseState({
  line,
  note,
  children,
}: {
  line: string;
  /** A sentence between the line and the actions. */
  note?: string | undefined;
  /** The actions. */
  children: ReactNode;
}) {
  return (
    <div className="enrol__mine">
      <p className="enrol__state">{line}</p>
      {note !== undefined && <p>{note}</p>}
      <div className="actions">{children}</div>
    </div>
  );
}
