import { describe, expect, it } from 'vitest';
import type { Availability } from './api/get-availability';
import { enrolmentBox } from './enrolment-box';
import { enrolmentNotice, WAIT_BELOW } from './enrolment-window';

const CLICK_BELOW = 'Para garantir a sua vaga, clique no botão abaixo.';
const course = (over: Partial<Availability>): Availability =>
  ({
    places: 40,
    placesLeft: 12,
    state: 'open',
    opensAt: null,
    closesAt: null,
    ...over,
  }) as Availability;
/** The box for an availability answer, as places-left.tsx composes it. */
const box = (over: Partial<Availability>, own = false) => {
  const known = course(over);
  return enrolmentBox({ notice: enrolmentNotice(known), placesLeft: known.placesLeft, own });
};

describe('the enrolment box', () => {
  it('asks to press the button below while places are left, or not known yet', () => {
    expect(enrolmentBox({ notice: null, placesLeft: null, own: false })).toEqual({
      intro: CLICK_BELOW,
      warning: true,
      places: '',
    });
    expect(box({ placesLeft: 1 }).places).toBe('Resta 1 vaga.');
    expect(box({})).toEqual({ intro: CLICK_BELOW, warning: true, places: 'Restam 12 vagas.' });
  });

  it('when full, says so once and offers the waiting list, not a place', () => {
    expect(box({ placesLeft: 0 })).toEqual({
      intro: WAIT_BELOW,
      places: 'Vagas esgotadas para este curso.',
    });
  });

  it('before opening or after closing, says only when, with no button to press', () => {
    for (const placesLeft of [0, 5]) {
      expect(box({ placesLeft, state: 'not-open', opensAt: '2030-01-15T12:00:00.000Z' })).toEqual({
        intro: '',
        places: 'As inscrições abrem em 15/01/2030 às 09h00.',
      });
      expect(box({ placesLeft, state: 'closed' })).toEqual({
        intro: '',
        places: 'As inscrições para este curso foram encerradas.',
      });
    }
  });

  it('leaves the word to the person’s own place, waiting position or finished course', () => {
    for (const over of [{}, { placesLeft: 0 }, { state: 'closed' as const }]) {
      expect(box(over, true)).toEqual({});
    }
  });
});
