/**
 * The door's queue of marks on this device (attendance-queue.ts, decision 089): `mark` queues and
 * sends at once; what could not be sent waits in localStorage and is sent at the next load and on
 * the `online` event. Marks the server refuses for good are dropped and the volunteer told, and no
 * longer shown as made (shownFor).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '~/components/toasts/notify';
import { useApi } from '~/auth/use-api';
import type { UserWithToken } from '~/auth/types';
import { useAuth } from '~/auth/use-auth';
import { ApiError } from '~/lib/api-error';
import { saveAttendance } from '../api/attendance';
import {
  batches,
  droppedMessage,
  enqueue,
  type MarkQueue,
  outcomeOf,
  parseQueue,
  queueStorageKey,
  type QueuedMark,
  settle,
} from '../attendance-queue';

/**
 * The queues of a device whose storage refuses writes (a private window, a full disk): kept for the
 * page's life, so the marks are still sent while online and a reload is the only way to lose them.
 */
const unstored = new Map<string, MarkQueue>();

function read(staffId: string): MarkQueue {
  const kept = unstored.get(staffId);
  if (kept) return kept;
  try {
    return parseQueue(localStorage.getItem(queueStorageKey(staffId)));
  } catch {
    return [];
  }
}

function write(staffId: string, queue: MarkQueue): void {
  try {
    if (queue.length === 0) localStorage.removeItem(queueStorageKey(staffId));
    else localStorage.setItem(queueStorageKey(staffId), JSON.stringify(queue));
    unstored.delete(staffId);
  } catch {
    if (queue.length === 0) unstored.delete(staffId);
    else unstored.set(staffId, queue);
  }
}

/**
 * Who was last signed in on this device: offline, the sign-in cannot be checked (getUser fails), and
 * the marks made then still belong to that staff member's queue.
 */
const LAST_STAFF_KEY = 'centro:presenca-a-enviar:equipe';

async function staffMember(getUser: () => Promise<UserWithToken | null>): Promise<string | null> {
  const session = await getUser().catch(() => null);
  try {
    if (session) localStorage.setItem(LAST_STAFF_KEY, session.user.id);
    return session?.user.id ?? localStorage.getItem(LAST_STAFF_KEY);
  } catch {
    return session?.user.id ?? null;
  }
}

export type MarkResult = 'sent' | 'queued' | 'refused';

export interface AttendanceQueue {
  /** Every mark of this staff member still on the device; null until the signed-in person is known. */
  queue: MarkQueue | null;
  /** The marks made on this page, the latest per person and meeting, whatever became of them. */
  made: MarkQueue;
  /** The marks this page has sent since it loaded: newer than the sheet it loaded. */
  sent: MarkQueue;
  /** The marks the server refused for good since this page loaded: dropped, not to be shown. */
  refused: MarkQueue;
  /**
   * Queues the marks and sends them: 'sent' once the server has every one, 'queued' while some wait
   * for a connection, 'refused' when the server refused them for good (the volunteer was told).
   */
  mark: (marks: readonly Omit<QueuedMark, 'markedAt'>[]) => Promise<MarkResult>;
}

export function useAttendanceQueue(): AttendanceQueue {
  const call = useApi();
  const { getUser } = useAuth();
  const [staffId, setStaffId] = useState<string | null>(null);
  const [queue, setQueue] = useState<MarkQueue | null>(null);
  const [made, setMade] = useState<MarkQueue>([]);
  const [sent, setSent] = useState<MarkQueue>([]);
  const [refused, setRefused] = useState<MarkQueue>([]);
  const sending = useRef<Promise<void> | null>(null);
  // Read by `mark` once its send is over, when the state it closed over is stale.
  const refusedHere = useRef<QueuedMark[]>([]);

  useEffect(() => {
    let live = true;
    void staffMember(getUser).then((who) => {
      if (!live || !who) return;
      setStaffId(who);
      setQueue(read(who));
    });
    return () => {
      live = false;
    };
  }, [getUser]);

  /** Sends the stored queue, one request per meeting; stops at the first that finds no connection. */
  const sendAll = useCallback(
    async (who: string) => {
      for (const batch of batches(read(who))) {
        let status: number | null;
        let reason: string | null = null;
        try {
          await call((token) =>
            saveAttendance(
              batch.slug,
              batch.classId,
              batch.meeting,
              batch.marks.map(({ personId, present, markedAt }) => ({
                personId,
                present,
                markedAt,
              })),
              token,
            ),
          );
          status = 200;
        } catch (error) {
          status = error instanceof ApiError ? error.status : null;
          reason = error instanceof ApiError ? error.apiMessage : null;
        }
        const outcome = outcomeOf(status);
        if (outcome === 'retry') break;
        write(who, settle(read(who), batch.marks));
        if (outcome === 'sent')
          setSent((done) => batch.marks.reduce((q, m) => enqueue(q, m), done));
        if (outcome === 'refused') {
          refusedHere.current.push(...batch.marks);
          setRefused([...refusedHere.current]);
          void notify('error', droppedMessage(batch.marks.length, reason));
        }
      }
      setQueue(read(who));
    },
    [call],
  );

  /** One send at a time; a send asked for meanwhile runs after it, with what was queued since. */
  const flush = useCallback(
    (who: string): Promise<void> => {
      const next = (sending.current ?? Promise.resolve()).then(() => sendAll(who));
      sending.current = next;
      return next;
    },
    [sendAll],
  );

  useEffect(() => {
    if (staffId === null) return;
    void flush(staffId);
    const online = () => void flush(staffId);
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [staffId, flush]);

  const mark = useCallback(
    async (marks: readonly Omit<QueuedMark, 'markedAt'>[]) => {
      const markedAt = new Date().toISOString();
      const ticks = marks.map((m) => ({ ...m, markedAt }));
      setMade((earlier) => ticks.reduce((q, m) => enqueue(q, m), earlier));
      const who = staffId ?? (await staffMember(getUser));
      if (!who) return 'queued';
      write(
        who,
        ticks.reduce((q, m) => enqueue(q, m), read(who)),
      );
      setQueue(read(who));
      await flush(who);
      const ours = (m: QueuedMark) =>
        ticks.some((n) => n.markedAt === m.markedAt && n.personId === m.personId);
      if (refusedHere.current.some(ours)) return 'refused';
      return read(who).some(ours) ? 'queued' : 'sent';
    },
    [staffId, getUser, flush],
  );

  return { queue, made, sent, refused, mark };
}
