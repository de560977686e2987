/**
 * How many requests this instance has begun so far: a counter the request path bumps (the log
 * controller, logging.ts) and background work reads to give way to requests during a rush (the
 * mail sender, decision 033). One increment per request, no clock, no hook of its own.
 */
export class RequestActivity {
  #count = 0;

  /** A request began. */
  begin(): void {
    this.#count++;
  }

  /** Requests begun so far: unchanged between two reads means none arrived in between. */
  count(): number {
    return this.#count;
  }
}
