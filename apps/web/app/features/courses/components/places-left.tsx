import { type ReactNode, useEffect, useState } from 'react';
import { fetchAvailability, type Availability } from '../api/get-availability';

/** What the course's action needs to know of the availability. */
export interface EnrolmentSituation {
  /** Enrolment is open at the server's clock, or not known yet. */
  open: boolean;
  /** No place is left (known). */
  full: boolean;
  /** Enrolment has not opened yet (known): 'Avise-me quando abrir' is offered. */
  notYetOpen?: boolean;
}

/** Whether enrolment is not open at the server's clock (known opening instant, or closed). */
export const outsideWindow = (course: Availability): boolean =>
  (course.state === 'not-open' && Boolean(course.opensAt)) || course.state === 'closed';

/**
 * 'Restam N vagas' (GET /api/courses/availability), once known, and the course's action (the
 * enrolment button, or the person's own state: issue 13). Before opening: 'As inscrições abrem em
 * DD/MM/AAAA às HHhMM.'; after closing: 'As inscrições para este curso foram encerradas.' (the
 * server's clock decides, through the availability; the page itself stays prerendered; the
 * sentences come with ../enrolment-window.ts, loaded only then). Until the answer, or when it
 * fails, enrolment counts as open: the server refuses one out of its window.
 */
export function PlacesLeft({
  slug,
  action,
}: {
  slug: string;
  action: (situation: EnrolmentSituation) => ReactNode;
}) {
  const [known, setKnown] = useState<{ course: Availability; notice: string | null } | null>(null);
  useEffect(() => {
    let current = true;
    fetchAvailability()
      .then(async (courses) => {
        const course = courses[slug];
        if (!course) return;
        const notice = outsideWindow(course)
          ? (await import('../enrolment-window')).enrolmentWindowNotice(course)
          : null;
        if (current) setKnown({ course, notice });
      })
      // Not worth a message: the page works without it.
      .catch((error: unknown) => console.warn('Places left unavailable', error));
    return () => {
      current = false;
    };
  }, [slug]);
  if (known?.notice) {
    return (
      <>
        <p className="enrol__places" role="status">
          {known.notice}
        </p>
        {action({
          open: false,
          full: known.course.placesLeft === 0,
          notYetOpen: known.course.state === 'not-open',
        })}
      </>
    );
  }
  const placesLeft = known?.course.placesLeft ?? null;
  return (
    <>
      {/* There, empty, before the answer: its line is kept (courses.css), so the button below
          does not move under a finger or a pointer when the answer arrives. */}
      <p className="enrol__places" role="status">
        {placesLeft === null
          ? ''
          : placesLeft === 0
            ? 'Vagas esgotadas para este curso.'
            : placesLeft === 1
              ? 'Resta 1 vaga.'
              : `Restam ${placesLeft} vagas.`}
      </p>
      {action({ open: true, full: placesLeft === 0 })}
    </>
  );
}
