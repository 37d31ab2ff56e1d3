/**
 * The instant the end-to-end suite runs at. No spec reads the wall clock: each test starts
 * at `ONAIR_E2E_CLOCK` (an ISO 8601 UTC time, e.g. `2027-01-31T23:58:30Z`) or, when it is
 * unset, at the real now, and every clock of the test agrees on it:
 * - the sandbox platform's virtual clock (`startSandbox({ startAt })`);
 * - the workstation's clock in the browser host's process (`workstation-clock.ts`, loaded
 *   with `--import` and given `ONAIR_CLOCK_OFFSET_MS`);
 * - the page's clock (Playwright's `page.clock.install`).
 * From there all of them run at real speed; `sandbox.clock.advance` moves the platform alone,
 * as the platform's time would move away from a workstation's.
 */

/** One test's clock: the offset (ms) of its "now" from the real now, fixed at test start. */
export interface E2eClock {
  /** Virtual ms minus real ms; 0 when the suite runs at the real time. */
  readonly offsetMs: number;
  /** The test's now, epoch ms (UTC). */
  now(): number;
}

/**
 * The clock of a test starting now.
 * @throws Error when `ONAIR_E2E_CLOCK` is set but is not an ISO 8601 time with a zone.
 */
export function startE2eClock(env: NodeJS.ProcessEnv = process.env): E2eClock {
  const wanted = env.ONAIR_E2E_CLOCK?.trim();
  let offsetMs = 0;
  if (wanted) {
    const at = Date.parse(wanted);
    if (!/(Z|[+-]\d\d:?\d\d)$/i.test(wanted) || Number.isNaN(at)) {
      throw new Error(
        `ONAIR_E2E_CLOCK must be an ISO 8601 time with its zone, like 2027-01-31T23:58:30Z (got "${wanted}").`,
      );
    }
    offsetMs = at - Date.now();
  }
  return { offsetMs, now: () => Date.now() + offsetMs };
}

/** The two instants the hour-dependent schedule tests run again at (scripts/e2e.sh). */
export interface ClockReruns {
  /** 30 s after the next 00:00 UTC: a day that has barely begun. */
  readonly afterMidnight: string;
  /** 23:58:30 UTC on the last day of the current month: across midnight and the month's end. */
  readonly monthEnd: string;
}

/**
 * The rerun instants for a suite started at `nowMs` (epoch ms, UTC), as ISO 8601 UTC strings
 * without milliseconds (e.g. `2026-12-01T00:00:30Z`, `2026-11-30T23:58:30Z`).
 */
export function clockReruns(nowMs: number): ClockReruns {
  const now = new Date(nowMs);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
  return {
    afterMidnight: iso(Date.UTC(year, month, now.getUTCDate() + 1, 0, 0, 30)),
    monthEnd: iso(Date.UTC(year, month + 1, 0, 23, 58, 30)),
  };
}
