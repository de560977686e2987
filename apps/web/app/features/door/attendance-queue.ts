/**
 * The marks made at the door, kept on the device until the server has them (decision 089): each
 * tick is queued and sent at once; without a connection it stays here (localStorage, per staff
 * member), survives a reload or a closed tab, is shown 'a enviar', and goes when the connection
 * returns. Pure: the storage is passed in, so the rules are tested without a browser.
 */

/** One mark: the state of a person at a meeting of a class, as set on this device at `markedAt`. */
export interface QueuedMark {
  slug: string;
  classId: string;
  meeting: number;
  personId: string;
  present: boolean;
  /** ISO instant the volunteer made the mark: the server keeps the latest (decision 089). */
  markedAt: string;
}

export type MarkQueue = readonly QueuedMark[];

/** The marks waiting to be sent together: one class's meeting. */
export interface MarkBatch {
  slug: string;
  classId: string;
  meeting: number;
  marks: readonly QueuedMark[];
}

/** Where a staff member's queue is kept: one per person signed in on the device. */
export const queueStorageKey = (staffId: string): string => `centro:presenca-a-enviar:${staffId}`;

const sameSlot = (a: QueuedMark, b: QueuedMark) =>
  a.classId === b.classId && a.meeting === b.meeting && a.personId === b.personId;

/** The queue with `mark` in it: a newer mark of the same person at the same meeting replaces theirs. */
export function enqueue(queue: MarkQueue, mark: QueuedMark): MarkQueue {
  return [...queue.filter((m) => !sameSlot(m, mark)), mark];
}

/** The marks waiting for one meeting of a class, by person. */
export function pendingFor(
  queue: MarkQueue,
  classId: string,
  meeting: number,
): ReadonlyMap<string, boolean> {
  return new Map(
    queue
      .filter((m) => m.classId === classId && m.meeting === meeting)
      .map((m) => [m.personId, m.present]),
  );
}

/** The queue as requests: one per class and meeting, in the order they were first marked. */
export function batches(queue: MarkQueue): MarkBatch[] {
  const byMeeting = new Map<string, MarkBatch & { marks: QueuedMark[] }>();
  for (const mark of queue) {
    const key = `${mark.classId}\u0000${mark.meeting}`;
    const batch = byMeeting.get(key) ?? {
      slug: mark.slug,
      classId: mark.classId,
      meeting: mark.meeting,
      marks: [],
    };
    batch.marks.push(mark);
    byMeeting.set(key, batch);
  }
  return [...byMeeting.values()];
}

/** Whether `mark` is one of `marks`: the same tick, not a later one of the same person. */
const isOneOf = (marks: readonly QueuedMark[], mark: QueuedMark) =>
  marks.some(
    (m) => sameSlot(m, mark) && m.markedAt === mark.markedAt && m.present === mark.present,
  );

/**
 * The queue without the marks the server has taken (or refused for good): a mark made again since
 * it was sent (another `markedAt`) stays, to be sent in turn.
 */
export function settle(queue: MarkQueue, done: readonly QueuedMark[]): MarkQueue {
  return queue.filter((m) => !isOneOf(done, m));
}

/**
 * What the screen shows for one meeting, by person, over the sheet as loaded: their mark in the
 * first of `layers` (newest first: marked on this page, waiting on the device, sent from this page)
 * that holds one the server did not refuse. A refused mark is never shown, so the box goes back to
 * what the server holds (an earlier mark sent, else the sheet) instead of a mark that was dropped.
 */
export function shownFor(
  layers: readonly MarkQueue[],
  refused: MarkQueue,
  classId: string,
  meeting: number,
): ReadonlyMap<string, boolean> {
  const shown = new Map<string, boolean>();
  for (const layer of layers) {
    for (const m of layer) {
      if (m.classId !== classId || m.meeting !== meeting || shown.has(m.personId)) continue;
      if (!isOneOf(refused, m)) shown.set(m.personId, m.present);
    }
  }
  return shown;
}

/**
 * What the answer to a batch means for its marks: sent; kept to try again (no connection, the
 * server unreachable or failing, the sign-in to renew); or refused for good (the volunteer lost
 * access, the class was concluded or removed): dropped, and the volunteer told.
 */
export type SendOutcome = 'sent' | 'retry' | 'refused';

/** `status`: the HTTP status of the answer, or null when no answer came. */
export function outcomeOf(status: number | null): SendOutcome {
  if (status === null) return 'retry';
  if (status >= 200 && status < 300) return 'sent';
  // 401: the sign-in to renew; 408 and 429: try later; 5xx: the server's trouble, not the mark's.
  if (status === 401 || status === 408 || status === 429 || status >= 500) return 'retry';
  return 'refused';
}

/** What the volunteer reads when the server refused marks their phone kept. */
export function droppedMessage(count: number, reason: string | null): string {
  const marks =
    count === 1
      ? '1 marcação feita neste aparelho não foi aceita e foi descartada'
      : `${count} marcações feitas neste aparelho não foram aceitas e foram descartadas`;
  return `${reason ?? 'Não foi possível salvar a presença.'} ${marks}.`;
}

/** The stored queue; anything unreadable (another version, a hand edit) is an empty one. */
export function parseQueue(raw: string | null): MarkQueue {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isQueuedMark) : [];
  } catch {
    return [];
  }
}

function isQueuedMark(value: unknown): value is QueuedMark {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.slug === 'string' &&
    typeof m.classId === 'string' &&
    typeof m.meeting === 'number' &&
    typeof m.personId === 'string' &&
    typeof m.present === 'boolean' &&
    typeof m.markedAt === 'string'
  );
}
