/**
 * What the course page's enrolment box says (one thing at a time), from what is known:
 * the notice of a course one cannot simply enrol in (./enrolment-window.ts: before opening, after
 * closing, full), the places left, and whether the signed-in person already holds, awaits or held
 * a place (their own line then says all: 'Você está inscrito(a) neste curso.', the waiting
 * position, the course's end). The spec's own sentences are kept: 'Curso gratuito.', the
 * instruction to press the button below while that button is there, and the warning that places
 * are limited.
 */

/** A course one cannot simply enrol in: the line above the action, and what follows 'Curso gratuito.'. */
export interface Notice {
  places: string;
  intro: string;
}

export interface BoxState {
  notice?: Notice | null;
  /** null: not known yet (the button shows, as enrolment counts as open until told). */
  placesLeft: number | null;
  /** The person's own place, waiting position or finished course is shown by the action. */
  own: boolean;
}

/** What is said; an absent part is not shown (nothing at all but the action for `own`). */
export interface BoxText {
  /** After 'Curso gratuito.'. */
  intro?: string;
  /** 'Atenção: as vagas são limitadas.' */
  warning?: boolean;
  /** The line above the action ('' while not known: the line is kept, the button does not move). */
  places?: string;
}

export function enrolmentBox({ notice, placesLeft, own }: BoxState): BoxText {
  if (own) return {};
  if (notice) return notice;
  return {
    intro: 'Para garantir a sua vaga, clique no botão abaixo.',
    warning: true,
    places:
      placesLeft === null ? '' : placesLeft === 1 ? 'Resta 1 vaga.' : `Restam ${placesLeft} vagas.`,
  };
}
