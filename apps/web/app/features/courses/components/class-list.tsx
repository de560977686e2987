/**
 * The choice of a class, when two or more take enrolments: each class listed with its
 * name, day and time, first meeting, room, places left and enrolment state, each open one with its
 * own action (the route's, given the class's id). A person who holds, awaits or held a place in
 * the course reads their own line once, from the action that last said so (the one just used: a
 * place taken or a waiting list joined in the second class is told by that class's action, while
 * the others still show what they loaded before); the rest is hidden, not removed (an action
 * removed would tell the page that the person holds nothing). Loaded with the answer that needs it
 * (places-left.tsx): the course pages' first load does not carry it.
 */
import type { PublicClass } from '@centro/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { classDate, classSlot, classStateText } from '../class-choice';
import type { EnrolmentSituation } from '../types';

export function ClassList({
  classes,
  action,
  report,
  own,
}: {
  classes: readonly PublicClass[];
  action: (situation: EnrolmentSituation) => ReactNode;
  report: (own: boolean) => void;
  own: boolean;
}) {
  // Which class's action last said the person holds, awaits or held a place (null: none yet).
  const [teller, setTeller] = useState<number | null>(null);
  // One stable callback per class: the actions report from an effect that depends on it.
  const reports = useMemo(
    () =>
      classes.map((_, index) => (holds: boolean) => {
        setTeller((previous) => (holds ? index : previous === index ? null : previous));
        report(holds);
      }),
    [classes, report],
  );
  const shown = teller ?? 0;
  return (
    <>
      <p hidden={own}>
        <strong>Curso gratuito.</strong> Escolha a turma e clique no botão dela.
      </p>
      <ul className="plain-list enrol__classes" aria-label={own ? undefined : 'Turmas'}>
        {classes.map((c, index) => (
          <li key={c.id} className="enrol__class" hidden={own && index !== shown}>
            <h3 hidden={own}>{c.name}</h3>
            <p hidden={own}>
              {classSlot(c)}
              <br />
              Primeiro encontro: {classDate(c.firstMeeting)}
              {c.room && (
                <>
                  <br />
                  Local: {c.room}
                </>
              )}
            </p>
            <p className="enrol__places" hidden={own}>
              {classStateText(c)}
            </p>
            {action({
              open: c.enrolment === 'open',
              full: c.placesLeft === 0,
              turma: c.id,
              report: reports[index] ?? report,
            })}
          </li>
        ))}
      </ul>
    </>
  );
}
