/**
 * Each document's publication under way, whichever refresh started it: a save whose revision the
 * periodic refresh found first (`ContentService.watch`) still answers only once its pages are
 * published, by waiting for this one too.
 */
export class Publications {
  readonly #byDocument = new Map<string, Promise<void>>();

  /** Tracks the listeners' work for `document` until it ends; answers it. */
  start(document: string, work: readonly Promise<void>[]): Promise<void> {
    const published = Promise.all(work).then(() => undefined);
    this.#byDocument.set(document, published);
    const forget = () => {
      if (this.#byDocument.get(document) === published) this.#byDocument.delete(document);
    };
    published.then(forget, forget);
    return published;
  }

  /** The publications under way. */
  underWay(): Promise<void>[] {
    return [...this.#byDocument.values()];
  }
}
