/**
 * The choice of a class (issue 29), when two or more take enrolments: each class listed with its
 * name, day and time, first meeting, room, places left and enrolment state, each open one with its
 * own action (the route's, given the class's id). Loaded with the answer that needs it
 * (places-left.tsx): the course pages' first load does not carry it.
 */
import type { PublicClass } from '@centro/contracts';
import type { ReactNode } from 'react';
import { classDate, classSlot, classStateText } from '../class-choice';
import type { EnrolmentSituation } from './places-left';

export function ClassList({
  classes,
  action,
  report,
}: {
  classes: readonly PublicClass[];
  action: (situation: EnrolmentSituation) => ReactNode;
  report: (own: boolean) => void;
}) {
  return (
    <>
      <p>
        <strong>Curso gratuito.</strong> Escolha a turma e clique no botão dela.
      </p>
      <ul className="plain-list enrol__classes" aria-label="Turmas">
        {classes.map((c) => (
          <li key={c.id} className="enrol__class">
            <h3>{c.name}</h3>
            <p>
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
            <p className="enrol__places">{classStateText(c)}</p>
            {action({
              open: c.enrolment === 'open',
              full: c.placesLeft === 0,
              turma: c.id,
              report,
            })}
          </li>
        ))}
      </ul>
    </>
  );
}
