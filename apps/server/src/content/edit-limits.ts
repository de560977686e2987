/**
 * How many content saves and previews each staff member may make (decision 083). A save renders
 * pages on every instance (the contact details: every page, seconds of a core) and a preview
 * renders one; a loop of either from one account slowed the site for everyone. Counted in memory,
 * per instance, over a sliding window: a person who edits by hand never meets them.
 */

/** Saves (photos included) per staff member in any `windowMs`. */
export const CONTENT_SAVE_LIMIT = { count: 30, windowMs: 10 * 60_000 } as const;
/** Previews per staff member in any `windowMs`. */
export const CONTENT_PREVIEW_LIMIT = { count: 60, windowMs: 10 * 60_000 } as const;

export class EditLimit {
  readonly #times = new Map<string, number[]>();

  constructor(
    private readonly limit: { count: number; windowMs: number },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Counts one more for `key` when within the limit: 0; otherwise counts nothing and answers
   * the seconds until the next one is allowed.
   */
  take(key: string): number {
    const now = this.now().getTime();
    const since = now - this.limit.windowMs;
    const times = (this.#times.get(key) ?? []).filter((time) => time > since);
    if (times.length >= this.limit.count) {
      this.#times.set(key, times);
      return Math.max(1, Math.ceil(((times[0] ?? now) + this.limit.windowMs - now) / 1000));
    }
    times.push(now);
    this.#times.set(key, times);
    return 0;
  }
}
