/**
 * Whether the platform answers, as each call that ended found it (scheduler.ts
 * `onReachability`): the watch planner takes an outage as its own case from the first
 * failure, whichever priority's call found it (docs/dev/architecture.md, "The API budget").
 */

/** A listener: `false` with the error when the platform did not answer, `true` when it did. */
export type ReachabilityListener = (reachable: boolean, error?: unknown) => void;

/** The listeners of one scheduler. */
export class ReachabilityListeners {
  readonly #listeners = new Set<ReachabilityListener>();

  /** Adds `listener`; returns the function that removes it. */
  add(listener: ReachabilityListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A call found no answer (the network failed; the caller tells no abort). */
  failed(error: unknown): void {
    for (const listener of this.#listeners) listener(false, error);
  }

  /** A call was answered with `status`: a gateway's 502, 503 or 504 says nothing either way. */
  answered(status: number): void {
    if ([502, 503, 504].includes(status)) return;
    for (const listener of this.#listeners) listener(true);
  }
}
