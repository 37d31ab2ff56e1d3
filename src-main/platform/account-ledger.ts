/**
 * One start log per platform account in this process (docs/dev/architecture.md, "The API budget").
 * The platform counts an account's calls whoever makes them (docs/platform-facts.md, "Rate
 * limit": 60 calls a minute, at least 1 s apart, per service account for the live API and per
 * access token for VOD). The app can hold several schedulers of one account at once: the
 * sandbox workspace, which stays open, beside an account workspace on the same sandbox; a
 * token check's scheduler beside the account's own. Each keeping its own log would let two of
 * them start calls less than 1 s apart, and the platform would answer 429. So schedulers that
 * name the same account share one log: each keeps the spacing and the 60 s window from every
 * call of the account made here.
 *
 * Logs are kept per clock (a scheduler's time source): schedulers on different clocks, such as
 * tests on manual clocks, never share one, since their times would not compare.
 */
import type { Clock } from './clock';
import { StartLog } from './start-log';

/** Start logs by clock, then by account and pacing. */
const ledgers = new WeakMap<Clock, Map<string, StartLog>>();

/**
 * The start log of `account` for schedulers on `clock` with this pacing: the same object for
 * every scheduler that asks with the same four, a new one on first use. Schedulers with another
 * pacing (tests against a sandbox whose rate limit is off) get a log of their own.
 * @param account the account's name from {@link liveAccount} or {@link vodAccount}
 * @param limitPerMinute most starts in any sliding 60 s window
 * @param spacingMs the platform's least time between two starts, ms
 * @param marginMs the safety margin the log starts with, ms (later changes are shared too)
 */
export function accountStartLog(
  clock: Clock,
  account: string,
  limitPerMinute: number,
  spacingMs: number,
  marginMs: number,
): StartLog {
  let logs = ledgers.get(clock);
  if (!logs) {
    logs = new Map();
    ledgers.set(clock, logs);
  }
  const key = `${account}\n${limitPerMinute}\n${spacingMs}`;
  let log = logs.get(key);
  if (!log) {
    log = new StartLog(limitPerMinute, spacingMs, marginMs);
    logs.set(key, log);
  }
  return log;
}

/**
 * The name of a live account's budget: its API address and service account key (the platform
 * limits calls per service account). Never a token.
 */
export function liveAccount(baseUrl: string, serviceAccountKey: string): string {
  return `live ${normalized(baseUrl)} ${serviceAccountKey}`;
}

/**
 * The name of a VOD account's budget: its API address and the workstation's account id (the
 * platform limits VOD calls per access token; one account holds one token). Never the token.
 */
export function vodAccount(baseUrl: string, accountId: string): string {
  return `vod ${normalized(baseUrl)} ${accountId}`;
}

/** The address without a trailing slash, so `…/api` and `…/api/` name one account. */
function normalized(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}
