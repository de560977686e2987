import { enrolmentOpensMessage, messages } from '@centro/contracts/messages';
import { type ReactNode, useEffect, useState } from 'react';
import { fetchAvailability, type Availability } from '../api/get-availability';

/** What the course's action needs to know of the availability. */
export interface EnrolmentSituation {
  /** Enrolment is open at the server's clock, or not known yet. */
  open: boolean;
  /** No place is left (known). */
  full: boolean;
}

/**
 * 'Restam N vagas' (GET /api/courses/availability), once known, and the course's action (the
 * enrolment button, or the person's own state: issue 13). Before opening: 'As inscrições abrem em
 * DD/MM/AAAA às HHhMM.'; after closing: 'As inscrições para este curso foram encerradas.' (the
 * server's clock decides, through the availability; the page itself stays prerendered). Until the
 * answer, or when it fails, enrolment counts as open: the server refuses one out of its window.
 */
export function PlacesLeft({
  slug,
  action,
}: {
  slug: string;
  action: (situation: EnrolmentSituation) => ReactNode;
}) {
  const [availability, setAvailability] = useState<Availability | null>(null);
  useEffect(() => {
    let current = true;
    fetchAvailability().then(
      (courses) => {
        const course = courses[slug];
        if (current && course) setAvailability(course);
      },
      // Not worth a message: the page works without it.
      (error: unknown) => console.warn('Places left unavailable', error),
    );
    return () => {
      current = false;
    };
  }, [slug]);
  const notOpen = availability?.state === 'not-open' && availability.opensAt;
  if (notOpen || availability?.state === 'closed') {
    return (
      <>
        <p className="enrol__places" role="status">
          {notOpen ? enrolmentOpensMessage(notOpen) : messages.enrolmentClosed}
        </p>
        {action({ open: false, full: availability.placesLeft === 0 })}
      </>
    );
  }
  const placesLeft = availability?.placesLeft ?? null;
  return (
    <>
      {placesLeft !== null && (
        <p className="enrol__places" role="status">
          {placesLeft === 0
            ? 'Vagas esgotadas para este curso.'
            : placesLeft === 1
              ? 'Resta 1 vaga.'
              : `Restam ${placesLeft} vagas.`}
        </p>
      )}
      {action({ open: true, full: placesLeft === 0 })}
    </>
  );
}
