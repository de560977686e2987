/**
 * WAL checkpoints off the event loop. SQLite copies the write-ahead log back into the database file
 * (a checkpoint) when the log reaches 1,000 pages, in the connection whose commit crossed that mark,
 * and with `synchronous = NORMAL` a checkpoint fsyncs the log and the database file. better-sqlite3
 * is synchronous: that commit, so the whole server, stalled for the checkpoint. Measured during an
 * enrolment rush on this project's machine, one commit in ten took over 20 ms and the worst over
 * 200 ms, which was the rush's p99.
 *
 * So the server's connection checkpoints only as a safety net (at `SAFETY_NET_PAGES`), and a worker
 * thread, with a connection of its own to the same file, runs a passive checkpoint every
 * `intervalMs`: passive checkpoints never wait for, nor block, the server's readers and writers,
 * and their fsyncs happen on the worker's thread. What is left on the event loop is the writer's
 * restart of the log after a complete checkpoint (one small header write and its fsync).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Pages of log after which the server's own connection checkpoints (if the worker fell behind). */
export const SAFETY_NET_PAGES = 10_000;
/** Default period of the worker's passive checkpoints. */
export const DEFAULT_CHECKPOINT_INTERVAL_MS = 1000;

// A CommonJS script (`eval`): the same code runs from the sources (tests) and from dist.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
const checkpoint = db.prepare('pragma wal_checkpoint(passive)');
const timer = setInterval(() => {
  try {
    checkpoint.get();
  } catch {
    // Locked or failed: the next tick tries again; the server's safety net bounds the log.
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker (after its current checkpoint); resolves once it exited. */
  close(): Promise<void>;
}

/** Starts the worker on the database file (in WAL mode, already created). */
export function startCheckpointer(
  file: string,
  intervalMs = DEFAULT_CHECKPOINT_INTERVAL_MS,
): Checkpointer {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, module, intervalMs } });
  // A failing worker only means the server's safety net checkpoints instead.
  worker.on('error', () => undefined);
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async close() {
      // Kept alive until the worker has closed its connection and exited.
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}
