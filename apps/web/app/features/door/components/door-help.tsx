/**
 * The volunteers' how-to for the door (decisions 089 and 097), where they need it: folded above
 * the attendance of a class, opened with a tap. Its steps are in the page only while open, so
 * the words it quotes ('a enviar') are not taken for the screen's own.
 */
import { lazy, Suspense, useState } from 'react';

// The steps' text is downloaded when the how-to is opened, out of the staff area's first load.
const DoorSteps = lazy(() => import('./door-steps'));

export const doorHelpTitle = 'Como marcar a presença na porta';

export function DoorHelp() {
  const [open, setOpen] = useState(false);
  return (
    <details className="staff__help" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{doorHelpTitle}</summary>
      {open && (
        <Suspense fallback={<p role="status">Carregando…</p>}>
          <DoorSteps />
        </Suspense>
      )}
    </details>
  );
}
