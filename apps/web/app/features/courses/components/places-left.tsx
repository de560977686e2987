import { enrolmentOpensMessage, messages } from '@centro/contracts/messages';
import { type ReactNode, useEffect, useState } from 'react';
import { fetchAvailability, type Availability } from '../api/get-availability';

/**
 * 'Restam N vagas' (GET /api/courses/availability), once known, and the enrolment button while
 * enrolment is open. Before opening: 'As inscrições abrem em DD/MM/AAAA às HHhMM.'; after closing:
 * 'As inscrições para este curso foram encerradas.', without the button (the server's clock
 * decides, through the availability; the page itself stays prerendered). Until the answer, or when
 * it fails, the button shows: the server refuses an enrolment out of its window anyway.
 */
export function PlacesLeft({ slug, children }: { slug: string; children?: ReactNode }) {
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
  if (availability?.state === 'not-open' && availability.opensAt) {
    return (
      <p className="enrol__places" role="status">
        {enrolmentOpensMessage(availability.opensAt)}
      </p>
    );
  }
  if (availability?.state === 'closed') {
    return (
      <p className="enrol__places" role="status">
        {messages.enrolmentClosed}
      </p>
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
      {children}
    </>
  );
}
