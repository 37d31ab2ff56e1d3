/**
 * The order of the control room's commands (docs/dev/architecture.md, "The API budget"): a command
 * pressed again while the same one is under way joins it instead of sending another, and a
 * different command on the same broadcast is sent only after the one before settled, so the
 * platform sees them in the order the operator pressed them.
 */

/** Single-flight and per-broadcast ordering of commands answering `T`. */
export class CommandOrder<T> {
  /** Commands under way by single-flight id (`start:KEY`, `stop:KEY`, ...). */
  readonly #inFlight = new Map<string, Promise<T>>();
  /** The last command of each broadcast: the next one is sent after it settles. */
  readonly #lastCommand = new Map<string, Promise<unknown>>();

  /**
   * Runs `run` once the command before it on `broadcastKey` settled, or answers the run under
   * way with the same `id`. Rejects as `run` does.
   */
  once(id: string, broadcastKey: string, run: () => Promise<T>): Promise<T> {
    const running = this.#inFlight.get(id);
    if (running) return running;
    const before = this.#lastCommand.get(broadcastKey) ?? Promise.resolve();
    const promise = before.then(run, run).finally(() => this.#inFlight.delete(id));
    const settled = promise.catch(() => undefined);
    this.#lastCommand.set(broadcastKey, settled);
    void settled.then(() => {
      if (this.#lastCommand.get(broadcastKey) === settled) this.#lastCommand.delete(broadcastKey);
    });
    this.#inFlight.set(id, promise);
    return promise;
  }
}
