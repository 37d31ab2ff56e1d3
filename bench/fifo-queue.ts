/**
 * The benchmark's baseline: a plain FIFO queue with the scheduler's spacing (1 s + margin
 * between starts) and nothing else: no priorities, no coalescing, no 429 handling.
 */
import type { Clock } from '../src-main/platform/clock';

export class FifoQueue {
  readonly #waiting: {
    request: Request;
    resolve: (r: Response) => void;
    reject: (e: unknown) => void;
  }[] = [];
  #lastStart = -Infinity;
  #timer: unknown = null;
  #disposed = false;

  constructor(
    private readonly clock: Clock,
    private readonly send: (request: Request) => Promise<Response>,
    private readonly spacingMs: number,
  ) {}

  fetch(request: Request): Promise<Response> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ request, resolve, reject });
      this.#pump();
    });
  }

  dispose(): void {
    this.#disposed = true;
    if (this.#timer !== null) this.clock.clearTimeout(this.#timer);
    for (const entry of this.#waiting.splice(0)) {
      entry.reject(new DOMException('FIFO queue disposed', 'AbortError'));
    }
  }

  #pump(): void {
    if (this.#disposed || this.#timer !== null || this.#waiting.length === 0) return;
    const wait = this.#lastStart + this.spacingMs - this.clock.now();
    if (wait > 0) {
      this.#timer = this.clock.setTimeout(() => {
        this.#timer = null;
        this.#pump();
      }, wait);
      return;
    }
    const entry = this.#waiting.shift();
    if (entry === undefined) return;
    this.#lastStart = this.clock.now();
    this.send(entry.request).then(entry.resolve, entry.reject);
    this.#pump();
  }
}
