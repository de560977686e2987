import { useEffect, useState } from 'react';
import { fetchAvailability } from '../api/get-availability';

/** 'Restam N vagas' (GET /api/courses/availability), once known; nothing before or on failure. */
export function PlacesLeft({ slug }: { slug: string }) {
  const [placesLeft, setPlacesLeft] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    fetchAvailability().then(
      (courses) => {
        const course = courses[slug];
        if (current && course) setPlacesLeft(course.placesLeft);
      },
      // Not worth a message: the page works without it.
      (error: unknown) => console.warn('Places left unavailable', error),
    );
    return () => {
      current = false;
    };
  }, [slug]);
  if (placesLeft === null) return null;
  return (
    <p className="enrol__places" role="status">
      {placesLeft === 0
        ? 'Vagas esgotadas para este curso.'
        : placesLeft === 1
          ? 'Resta 1 vaga.'
          : `Restam ${placesLeft} vagas.`}
    </p>
  );
}
