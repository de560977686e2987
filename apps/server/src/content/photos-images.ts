/**
 * An uploaded photo made ready for its place (decisions 065 and 082), by a child process of its
 * own (photos-worker.ts): one photo at a time per instance, off the thread pool and the loop that
 * serve the pages and the sign-ins. Its id is the start of the SHA-256 of the JPEG: another photo,
 * another URL.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PHOTO_LIMITS } from '@centro/contracts';
import { Refusal } from '../refusals/refusal.js';
import type { PhotoJob, PhotoJobResult } from './photos-worker.js';

/** The formats served, best first (the browser's Accept header picks one). */
export const PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export interface PreparedPhoto {
  id: string;
  width: number;
  height: number;
  files: Record<PhotoFormat, Buffer>;
}

/** The worker's file beside this one: `.ts` from the sources (tests), `.js` from dist. */
const HERE = fileURLToPath(import.meta.url);
const WORKER = path.join(path.dirname(HERE), `photos-worker${path.extname(HERE)}`);

/**
 * The worker's limits: its own thread pool of one thread and one libvips thread (at most one core
 * of two: the server keeps the other), a JavaScript heap far below the server's, and a bound on
 * its time.
 */
export const PHOTO_WORKER_LIMITS = { threads: 1, heapMb: 128, timeoutMs: 120_000 } as const;

class PhotoWorkerError extends Error {
  override name = 'PhotoWorkerError';
}

/** One job in a new child process; the process ends with it. */
function runInWorker(job: PhotoJob): Promise<PhotoJobResult> {
  const typeStripping = WORKER.endsWith('.ts') ? ['--experimental-strip-types'] : [];
  const child = spawn(
    process.execPath,
    [...typeStripping, `--max-old-space-size=${PHOTO_WORKER_LIMITS.heapMb}`, WORKER],
    {
      // Nothing of the server's environment (its secrets, its database): only what Node needs.
      env: {
        PATH: process.env.PATH ?? '',
        UV_THREADPOOL_SIZE: String(PHOTO_WORKER_LIMITS.threads),
        VIPS_CONCURRENCY: String(PHOTO_WORKER_LIMITS.threads),
        NODE_NO_WARNINGS: '1',
      },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (errors.length < 2000) errors += chunk.toString('utf8');
  });
  return new Promise<PhotoJobResult>((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), PHOTO_WORKER_LIMITS.timeoutMs);
    let answer: PhotoJobResult | undefined;
    // The answer is the end of the job: the worker is killed rather than asked to exit, because a
    // Node process exiting while V8 compiles in the background can wait for ever (seen here: the
    // main thread joining a V8 worker that awaits a collection), and the upload waited with it.
    child.once('message', (result: PhotoJobResult) => {
      answer = result;
      clearTimeout(timer);
      resolve(result);
      child.kill('SIGKILL');
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!answer) {
        reject(
          new PhotoWorkerError(`photo worker ended (${signal ?? code}): ${errors.slice(0, 500)}`),
        );
      }
    });
    child.send(job);
  });
}

/** Photos are prepared one after the other in each instance. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * The photo for a place of `size`, from the file as uploaded: read by the worker, after the photos
 * queued before it.
 * @throws Refusal 'photoTooLarge' over the limits, 'notAnImage' when it is no image sharp reads.
 */
export async function preparePhoto(
  file: Buffer,
  size: { width: number; height: number },
): Promise<PreparedPhoto> {
  if (file.length > PHOTO_LIMITS.bytes) throw new Refusal('photoTooLarge', { field: 'image' });
  const job: PhotoJob = { file, size, limits: PHOTO_LIMITS };
  const done = queue.then(() => runInWorker(job));
  queue = done.catch(() => undefined);
  const result = await done;
  if (!result.ok) throw new Refusal(result.refusal, { field: 'image', message: result.message });
  const { avif, webp, jpeg } = result.files;
  const files = { avif: asBuffer(avif), webp: asBuffer(webp), jpeg: asBuffer(jpeg) };
  return { id: result.id, width: result.width, height: result.height, files };
}

const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The format to answer for an Accept header: AVIF, then WebP, else JPEG (every browser). */
export function formatFor(accept: string | undefined): PhotoFormat {
  const types = (accept ?? '').toLowerCase();
  if (types.includes('image/avif')) return 'avif';
  if (types.includes('image/webp')) return 'webp';
  return 'jpeg';
}
