/**
 * The requests of this instance: how many began so far and how many are still open, counted by
 * the request path (the log controller, logging.ts) and read by background work that gives way to
 * requests during a rush (the mail sender, decision 033). One increment per request and one
 * listener on its response's 'close' (which Node emits once, whether the answer was sent or the
 * connection dropped), no clock, no hook of its own.
 */
export class RequestActivity {
  #count = 0;
  #open = 0;
  readonly #closed = () => {
    this.#open--;
  };

  /** A request began; `response` (Node's) is open until it emits 'close'. */
  begin(response?: { once(event: 'close', listener: () => void): unknown }): void {
    this.#count++;
    if (response) {
      this.#open++;
      response.once('close', this.#closed);
    }
  }

  /** Requests begun so far: unchanged between two reads means none arrived in between. */
  count(): number {
    return this.#count;
  }

  /**
   * Requests begun and not yet answered (decision 066: during a rush on PostgreSQL, requests
   * arrive in bursts, one per batch of answers, with pauses between them longer than the sender's
   * probe while the requests of the burst still wait for the database).
   */
  open(): number {
    return this.#open;
  }
}
