/** The door's queue of marks kept on the device (decision 089). */
import { describe, expect, it } from 'vitest';
import {
  batches,
  droppedMessage,
  enqueue,
  outcomeOf,
  parseQueue,
  pendingFor,
  type QueuedMark,
  settle,
  shownFor,
} from './attendance-queue';

const at = (minute: number) => `2026-03-10T22:${String(minute).padStart(2, '0')}:00.000Z`;
const mark = (over: Partial<QueuedMark>): QueuedMark => ({
  slug: 'passe',
  classId: 'k1',
  meeting: 2,
  personId: 'ana',
  present: true,
  markedAt: at(30),
  ...over,
});

describe('the queue of marks at the door', () => {
  it('keeps one mark per person and meeting: the latest tick replaces the earlier one', () => {
    let queue = enqueue([], mark({ present: true, markedAt: at(30) }));
    queue = enqueue(queue, mark({ personId: 'bia', markedAt: at(31) }));
    queue = enqueue(queue, mark({ present: false, markedAt: at(32) }));
    queue = enqueue(queue, mark({ meeting: 3, markedAt: at(33) }));
    expect(queue).toHaveLength(3);
    expect(pendingFor(queue, 'k1', 2)).toEqual(
      new Map([
        ['bia', true],
        ['ana', false],
      ]),
    );
    expect(pendingFor(queue, 'k2', 2).size).toBe(0);
  });

  it('sends one request per class and meeting', () => {
    const queue = [
      mark({ personId: 'ana' }),
      mark({ personId: 'bia', classId: 'k2', slug: 'outro' }),
      mark({ personId: 'caio' }),
    ];
    expect(batches(queue).map((b) => [b.classId, b.marks.map((m) => m.personId)])).toEqual([
      ['k1', ['ana', 'caio']],
      ['k2', ['bia']],
    ]);
  });

  it('forgets what the server took, but not a mark made again while it was on its way', () => {
    const sent = [mark({ personId: 'ana' }), mark({ personId: 'bia' })];
    const meanwhile = enqueue(sent, mark({ personId: 'ana', present: false, markedAt: at(40) }));
    expect(settle(meanwhile, sent)).toEqual([
      mark({ personId: 'ana', present: false, markedAt: at(40) }),
    ]);
  });

  it('shows the latest mark made on the device, but never one the server refused', () => {
    const before = mark({ personId: 'ana', present: false, markedAt: at(30) });
    const tick = mark({ personId: 'ana', present: true, markedAt: at(31) });
    const bia = mark({ personId: 'bia', present: true, markedAt: at(31) });
    const caio = mark({ personId: 'caio', present: false, markedAt: at(32) });
    const otherMeeting = mark({ personId: 'dora', meeting: 3 });
    const made = [tick, bia];
    const sent = [before, caio, otherMeeting];
    expect(shownFor([made, [], sent], [], 'k1', 2)).toEqual(
      new Map([
        ['ana', true],
        ['bia', true],
        ['caio', false],
      ]),
    );
    // Refused: Ana's box shows what this page sent before (the server's), Bia's the sheet's.
    expect(shownFor([made, [], sent], [tick, bia], 'k1', 2)).toEqual(
      new Map([
        ['ana', false],
        ['caio', false],
      ]),
    );
    // Marked again while the refused one was on its way: the new tick is shown, to be sent.
    const again = mark({ personId: 'bia', present: true, markedAt: at(33) });
    expect(shownFor([[tick, again], [again], sent], [bia], 'k1', 2).get('bia')).toBe(true);
    // An untick refused: ticked again, as the server still has the person present.
    const untick = mark({ personId: 'bia', present: false, markedAt: at(34) });
    expect(shownFor([[untick], [], [bia]], [untick], 'k1', 2).get('bia')).toBe(true);
  });

  it('keeps marks without a connection or a working server, and drops those refused for good', () => {
    expect(outcomeOf(null)).toBe('retry');
    expect(outcomeOf(503)).toBe('retry');
    expect(outcomeOf(401)).toBe('retry');
    expect(outcomeOf(200)).toBe('sent');
    expect(outcomeOf(403)).toBe('refused');
    expect(outcomeOf(409)).toBe('refused');
    expect(droppedMessage(2, 'Esta área é só para a equipe do centro.')).toBe(
      'Esta área é só para a equipe do centro. 2 marcações feitas neste aparelho não foram aceitas e foram descartadas.',
    );
    expect(droppedMessage(1, null)).toBe(
      'Não foi possível salvar a presença. 1 marcação feita neste aparelho não foi aceita e foi descartada.',
    );
  });

  it('reads back what it stored, and an unreadable store as empty', () => {
    const queue = [mark({}), mark({ personId: 'bia', present: false })];
    expect(parseQueue(JSON.stringify(queue))).toEqual(queue);
    expect(parseQueue(null)).toEqual([]);
    expect(parseQueue('{not json')).toEqual([]);
    expect(parseQueue(JSON.stringify([{ personId: 'ana' }, mark({})]))).toEqual([mark({})]);
  });
});
