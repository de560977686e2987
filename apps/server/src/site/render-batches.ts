/**
 * The pages asked to be rendered again close together are rendered once (decision 083). A save of
 * the contact details renders every public page, the 404 and the signed-in shell (seconds of a
 * core); two saves a moment apart, or a save and a restore, rendered them all twice, the first
 * time for nothing. Each request waits `windowMs` for others to join it; the pages asked meanwhile
 * are rendered together, once each, with the content in effect when the batch starts; batches run
 * one after the other, and a request made while one runs joins the next. Every request resolves
 * once its pages are rendered (a save answers when its pages are published).
 */

/** A timer: `fire` after `ms`; the clock is the caller's (tests: a controlled one). */
export type StartTimer = (fire: () => void, ms: number) => void;

export interface RenderBatchesOptions {
  /** How long a request waits for others to join it. */
  windowMs: number;
  /** Renders these paths (each once) and puts them in place. */
  render: (paths: ReadonlySet<string>) => Promise<void>;
  startTimer?: StartTimer;
}

const realTimer: StartTimer = (fire, ms) => {
  setTimeout(fire, ms).unref();
};

export class RenderBatches {
  readonly #options: RenderBatchesOptions;
  readonly #startTimer: StartTimer;
  #pending = new Set<string>();
  #waiting: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  #scheduled = false;
  #running: Promise<void> = Promise.resolve();

  constructor(options: RenderBatchesOptions) {
    this.#options = options;
    this.#startTimer = options.startTimer ?? realTimer;
  }

  /** Renders `paths` with the next batch; resolves once they are rendered. */
  request(paths: Iterable<string>): Promise<void> {
    for (const path of paths) this.#pending.add(path);
    const done = new Promise<void>((resolve, reject) => this.#waiting.push({ resolve, reject }));
    if (!this.#scheduled) {
      this.#scheduled = true;
      this.#startTimer(() => this.#start(), this.#options.windowMs);
    }
    return done;
  }

  #start() {
    // After the batch under way: what is asked until it ends goes into the next one.
    this.#running = this.#running.then(() => {
      this.#scheduled = false;
      const paths = this.#pending;
      const waiting = this.#waiting;
      this.#pending = new Set();
      this.#waiting = [];
      const rendered = paths.size === 0 ? Promise.resolve() : this.#options.render(paths);
      return rendered.then(
        () => waiting.forEach((w) => w.resolve()),
        (error: unknown) => waiting.forEach((w) => w.reject(error)),
      );
    });
  }
}
