import type { PublicClass } from '@centro/contracts';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import type { Availability } from '../api/get-availability';
import type { ClassList } from './class-list';
import { enrolmentBox, type Notice } from '../enrolment-box';
import type { EnrolmentSituation } from '../types';

/** What the answer told: one class (the specification's box), or the choice of a class. */
type Known =
  | { course: Availability; notice: Notice | null; pick?: undefined }
  | { pick: { List: ComponentType<Parameters<typeof ClassList>[0]>; classes: PublicClass[] } };

/** Whether enrolment is not open at the server's clock (known opening instant, or closed). */
export const outsideWindow = (course: Availability): boolean =>
  (course.state === 'not-open' && Boolean(course.opensAt)) || course.state === 'closed';

/**
 * The enrolment box: what it says (../enrolment-box.ts: one thing at a time) and the
 * course's action (the enrolment button, or the person's own state). 'Restam N vagas'
 * comes from GET /api/courses/classes (one class: its places and window, as the availability gave
 * them; several open: the choice of a class, ./class-list.tsx; none: ../class-choice.ts's line); before opening, 'As inscrições abrem em DD/MM/AAAA às
 * HHhMM.'; after closing, 'As inscrições para este curso foram encerradas.'; when full, 'Vagas
 * esgotadas para este curso.' (the server's clock decides; the page itself stays prerendered; these
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
  const [known, setKnown] = useState<Known | null>(null);
  const [own, report] = useState(false);
  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The API client comes with the answer, not in the page's first load (the course pages' 100 KB
    // budget): the line keeps its place until then. Asked again at the next opening (decision 075).
    const load = () =>
      import('../api/get-classes')
        .then(async ({ fetchClasses }) => {
          const [courses, { classChoice, noClassText, untilNextOpening }] = await Promise.all([
            fetchClasses(),
            import('../class-choice'),
          ]);
          const classes = courses[slug] ?? [];
          const choice = classChoice(classes);
          let next: Known;
          if (choice.kind === 'pick') {
            const { ClassList: List } = await import('./class-list');
            next = { pick: { List, classes: choice.classes } };
          } else if (choice.kind === 'none') {
            const places = noClassText(choice);
            next = {
              course: {
                places: 0,
                placesLeft: 0,
                // A next opening offers 'Avise-me quando abrir', as a course not open yet does.
                state: choice.opensAt ? 'not-open' : 'closed',
                opensAt: choice.opensAt,
                closesAt: null,
              },
              notice: { places, intro: '' },
            };
          } else {
            const { course } = choice;
            // Open with places left (most visits): no notice, nothing more to load.
            const notice =
              course.state !== 'open' || !course.placesLeft
                ? (await import('../enrolment-window')).enrolmentNotice(course)
                : null;
            next = { course, notice };
          }
          const wait = untilNextOpening(classes);
          if (current) setKnown(next);
          if (current && wait !== null) timer = setTimeout(load, wait);
        })
        // Not worth a message: the page works without it.
        .catch((error: unknown) => console.warn('Places left unavailable', error));
    void load();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [slug]);
  if (known?.pick) {
    const { List, classes } = known.pick;
    return <List classes={classes} action={action} report={report} own={own} />;
  }
  const placesLeft = known?.course.placesLeft ?? null;
  const text = enrolmentBox({ notice: known?.notice, placesLeft, own });
  return (
    <>
      {text.intro !== undefined && (
        <p>
          <strong>Curso gratuito.</strong> {text.intro}
        </p>
      )}
      {text.warning && (
        <p className="enrol__warning">
          <strong>Atenção:</strong> as vagas são limitadas.
        </p>
      )}
      {/* There, empty, before the answer: its line is kept (courses.css), so the button below
          does not move under a finger or a pointer when the answer arrives. */}
      {text.places !== undefined && (
        <p className="enrol__places" role="status">
          {text.places}
        </p>
      )}
      {action({
        open: !known || !outsideWindow(known.course),
        full: placesLeft === 0,
        notYetOpen: known?.course.state === 'not-open',
        report,
      })}
    </>
  );
}
