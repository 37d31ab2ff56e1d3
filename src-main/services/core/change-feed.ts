/**
 * Pushes a list to a listener after its changes: at once on a state change, and at most once
 * per spacing (default 250 ms: 4 a second) while only figures move, the changes in between
 * coalesced into one push. Every change counts up `version`, so a receiver keeps the newest
 * of a read (which carries the version too) and a push. Spacing uses performance.now(): it
 * needs no wall clock, and a workstation clock set by the operator does not stretch it.
 */
export class ChangeFeed<T> {
  readonly #read: () => T;
  readonly #push: ((version: number, value: T) => void) | undefined;
  readonly #spacingMs: number;
  #version = 0;
  #lastPushAt = Number.NEGATIVE_INFINITY;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #closed = false;

  /**
   * @param read what is pushed (read when the push leaves, so it is the newest)
   * @param push receives it; none: only the version is counted
   */
  constructor(
    read: () => T,
    push: ((version: number, value: T) => void) | undefined,
    spacingMs = 250,
  ) {
    this.#read = read;
    this.#push = push;
    this.#spacingMs = spacingMs;
  }

  /** Changes so far. */
  get version(): number {
    return this.#version;
  }

  /** Counts a change; pushes at once when `now` (a state change), else within the spacing. */
  changed(now: boolean): void {
    this.#version += 1;
    if (this.#closed || !this.#push) return;
    if (!now && this.#timer) return; // the push on its way carries this change too
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const wait = now ? 0 : this.#lastPushAt + this.#spacingMs - performance.now();
    if (wait <= 0) this.#send();
    else
      this.#timer = setTimeout(() => {
        this.#timer = null;
        this.#send();
      }, wait);
  }

  /** Pushes nothing more (the list is closing). */
  close(): void {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #send(): void {
    if (this.#closed) return;
    this.#lastPushAt = performance.now();
    this.#push?.(this.#version, this.#read());
  }
}
