/**
 * Loaded with `node --import` into the browser host's process by the end-to-end suite (never
 * by the app itself): moves that process's `Date` by `ONAIR_CLOCK_OFFSET_MS` milliseconds, so
 * the workstation's clock agrees with the sandbox's and the page's (see `clock.ts`). Timers
 * and `performance.now` are untouched: only the time of day moves.
 */
const offsetMs = Number(process.env.ONAIR_CLOCK_OFFSET_MS ?? '0');

if (Number.isFinite(offsetMs) && offsetMs !== 0) {
  const RealDate = Date;
  class WorkstationDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offsetMs);
      else super(...(args as [string | number | Date]));
    }

    static override now(): number {
      return RealDate.now() + offsetMs;
    }
  }
  globalThis.Date = WorkstationDate as DateConstructor;
}

export {};
