/**
 * Batching of one statement's concurrent calls (decision 032), for PostgreSQL, where
 * every statement is a network round trip.
 */

/** Most requests in one batched statement. */
const MAX_BATCH = 1000;

interface Queued<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

/**
 * The same statement of many concurrent requests (for one key: a course, a group), run as one.
 * On PostgreSQL every statement is a round trip whose socket writes cost the server more CPU than
 * the rest of the request, and a course's conditional insert holds its row lock until the commit's
 * WAL flush (one at a time per course, however many instances). Here the first call for a key runs at once, alone; the calls that
 * arrive while it runs wait and then go as one batch, in their order of arrival, and so on: a
 * lone request waits for nothing, a rush shares round trips, locks and flushes. A batch always
 * starts after each of its calls was made, so it sees what they committed before.
 */
export class KeyedBatches<I, O> {
  readonly #queues = new Map<string, Queued<I, O>[]>();
  readonly #run: (key: string, inputs: I[]) => Promise<O[]>;

  /** `run` answers one output per input, in the same order. */
  constructor(run: (key: string, inputs: I[]) => Promise<O[]>) {
    this.#run = run;
  }

  call(key: string, input: I): Promise<O> {
    return new Promise((resolve, reject) => {
      const queue = this.#queues.get(key);
      const item = { input, resolve, reject };
      if (queue) {
        queue.push(item);
        return;
      }
      this.#queues.set(key, [item]);
      void this.#drain(key);
    });
  }

  /** Runs the key's queue, batch after batch, until it is empty. */
  async #drain(key: string): Promise<void> {
    const queue = this.#queues.get(key) ?? [];
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      try {
        const outputs = await this.#run(
          key,
          batch.map((b) => b.input),
        );
        batch.forEach((b, i) => b.resolve(outputs[i] as O));
      } catch (error) {
        for (const b of batch) b.reject(error);
      }
    }
    this.#queues.delete(key);
  }
}
