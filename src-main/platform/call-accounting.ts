/**
 * What the platform calls of one command cost, gathered without threading anything through
 * the handlers: the command pipeline runs a handler inside {@link accountCalls}, and every
 * request scheduler that carries one of its calls reports it here (time waiting for the
 * budget, time the platform took, the status). The audit record takes its figures from this.
 *
 * A call's URL is kept as method and path only: the query string can hold a token (VOD puts
 * `access_token` there), so it is never recorded.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { neverConnected } from './connect-failure';

/** One platform call of a command, as its scheduler saw it. */
export interface AccountedCall {
  /** `GET`, `PUT`, ... */
  method: string;
  /** The URL's path, without query string (no token). */
  path: string;
  /** ms spent queued for the budget (from asking to leaving, retries after a 429 included). */
  budgetWaitMs: number;
  /** ms from the call leaving to its answer. */
  platformMs: number;
  /** HTTP status of the answer; null when none came (not sent, or no answer to it). */
  status: number | null;
  /**
   * Whether it was sent: it left the queue and its connection opened. False when it was
   * dropped while queued, or its connection never opened (connect-failure.ts): nothing reached
   * the platform. True with `status` null: sent, and no answer came (the connection dropped,
   * or its asker stopped waiting while it was on the wire).
   */
  left: boolean;
}

/** Every platform call one command made, in the order they were answered. */
export interface CallAccount {
  readonly calls: AccountedCall[];
}

const current = new AsyncLocalStorage<CallAccount>();

/** Runs `run` with a fresh account of its platform calls; answers both. */
export function accountCalls<T>(run: () => Promise<T>): { account: CallAccount; done: Promise<T> } {
  const account: CallAccount = { calls: [] };
  return { account, done: current.run(account, run) };
}

/** The account of the command being handled, if any (read by the request schedulers). */
export function currentCallAccount(): CallAccount | undefined {
  return current.getStore();
}

/** Totals of an account: ms waiting for the budget and ms at the platform, summed over calls. */
export function accountTotals(account: CallAccount): { budgetWaitMs: number; platformMs: number } {
  let budgetWaitMs = 0;
  let platformMs = 0;
  for (const call of account.calls) {
    budgetWaitMs += call.budgetWaitMs;
    platformMs += call.platformMs;
  }
  return { budgetWaitMs, platformMs };
}

/**
 * Reports one call to `account` once `answer` settles, and answers it unchanged: the time
 * from now to the call leaving the queue is budget wait, from leaving to the answer the
 * platform's. Used by the request schedulers.
 * @param now the scheduler's clock, epoch ms.
 * @param startedAt when the call left the queue (epoch ms); null while it has not.
 */
export function accountAnswer(
  account: CallAccount,
  request: Request,
  answer: Promise<Response>,
  now: () => number,
  startedAt: () => number | null,
): Promise<Response> {
  const askedAt = now();
  const path = new URL(request.url).pathname;
  const report = (status: number | null, sent = true) => {
    const answeredAt = now();
    const started = startedAt();
    const left = started ?? answeredAt;
    account.calls.push({
      method: request.method,
      path,
      budgetWaitMs: Math.max(0, left - askedAt),
      platformMs: Math.max(0, answeredAt - left),
      status,
      left: started !== null && sent,
    });
  };
  return answer.then(
    (response) => {
      report(response.status);
      return response;
    },
    (error: unknown) => {
      report(null, !neverConnected(error));
      throw error;
    },
  );
}

/**
 * Whether a command's change reached the platform: a write (not a `GET`, such as the re-read
 * before deciding) that was sent ({@link AccountedCall.left}). A call dropped while queued (a
 * refused token pauses the queue) or whose connection never opened (the platform refused it,
 * no route) was never sent, and the journal says "nothing was sent" for it.
 */
export function changeSent(account: CallAccount): boolean {
  return account.calls.some((call) => call.left && call.method !== 'GET');
}

/**
 * Whether a command's change was sent and got no answer: a write that reached the platform as
 * in {@link changeSent}, with no status (its connection dropped after it left, or its asker
 * stopped waiting while it was on the wire). The platform may have acted on it: what happened
 * is unknown until it is read again, never "could not be reached".
 */
export function changeUnanswered(account: CallAccount): boolean {
  return account.calls.some((call) => call.left && call.method !== 'GET' && call.status === null);
}
