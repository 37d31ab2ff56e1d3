/**
 * A client of OnAir Desk's control API for panels (docs/admin/panels.md, "The HTTP API";
 * src-main/hosts/panel-api.ts) in the role of one panel: a press is
 * `POST /api/v1/commands/<name>` with the panel's token, and the buttons' picture comes from
 * the feedback stream (`GET /api/v1/feedback`, `Accept: text/event-stream`), reopened after
 * {@link reconnectMs} whenever it ends. Loopback only: the address comes from `deskTarget`
 * (config.ts), which refuses any other host.
 */
import type { PanelFeedback } from '../../../src-main/shared/panels-model';

/** The commands a panel may be given (`offer.panel` in src-main/shared/commands/). */
export type PanelCommand =
  | 'broadcast.rename'
  | 'broadcast.startRecording'
  | 'broadcast.stopRecording'
  | 'broadcast.setCuePoint'
  | 'channel.focus'
  | 'rehearsal.setEncoder';

/**
 * What a press came to:
 * - `done`: 200, the command ran;
 * - `pressAgain`: 409 `confirmation-required`, the first press of a command that cannot be
 *   undone: nothing was sent; the same press within 2 s runs it;
 * - `refused`: any other answer of the desk (401 token, 403 not ticked, 409 conflict, 429…),
 *   with its status, code and English message, as the desk sent them;
 * - `unreachable`: no answer (the desk closed, the API turned off, another port, the desk hung
 *   for {@link pressTimeoutMs}), with the module's own sentence for the operator
 *   ({@link unansweredMessage}).
 */
export type PressAnswer =
  | { outcome: 'done'; data: unknown }
  | { outcome: 'pressAgain'; message: string }
  | { outcome: 'refused'; status: number; code: string; message: string }
  | { outcome: 'unreachable'; message: string };

/** The feedback stream's state: `open` while pictures flow. */
export type LinkState =
  | { state: 'connecting' }
  | { state: 'open' }
  /** The desk refused the token (401): it is wrong or was revoked; retried all the same. */
  | { state: 'refused'; status: number; message: string }
  | { state: 'lost'; message: string };

/** Waits this long, ms, before reopening a feedback stream that ended or failed. */
export const reconnectMs = 2_000;

/** Waits this long, ms, before trying a token the desk refused again (it may be re-pasted). */
export const refusedRetryMs = 10_000;

/**
 * No byte for this long, ms, and the stream counts as lost (every button stale): the desk
 * writes a keep-alive every 1 s even when nothing changes (src-main/hosts/panel-feedback-route.ts,
 * `keepAliveEveryTicks`), so three missed mean a hung desk, not a quiet one. Old tally is then
 * never shown as live for more than about 3 s.
 */
export const silentAfterMs = 3_000;

/** A press the desk has not answered within this long, ms, counts as unanswered. */
export const pressTimeoutMs = 15_000;

/** The `fetch` the client uses (tests and Companion both pass the global one). */
export type FetchLike = typeof fetch;

/** One panel's connection to the desk. */
export class DeskClient {
  readonly #address: string;
  readonly #token: string;
  readonly #fetch: FetchLike;

  /**
   * @param address `http://127.0.0.1:<port>` (from `deskTarget`).
   * @param token the panel's token, sent as `Authorization: Bearer`; never logged.
   */
  constructor(address: string, token: string, fetchImpl: FetchLike = fetch) {
    this.#address = address;
    this.#token = token;
    this.#fetch = fetchImpl;
  }

  /**
   * Presses `command` with `input` (its JSON body). Never throws: every failure is a
   * {@link PressAnswer}.
   */
  async press(command: PanelCommand, input: Record<string, unknown>): Promise<PressAnswer> {
    let response: Response;
    try {
      response = await this.#fetch(`${this.#address}/api/v1/commands/${command}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${this.#token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(input),
        signal: AbortSignal.timeout(pressTimeoutMs),
      });
    } catch (error) {
      return { outcome: 'unreachable', message: unansweredMessage(this.#address, error, 'press') };
    }
    const body = (await response.json().catch(() => null)) as {
      ok?: boolean;
      data?: unknown;
      error?: { code?: string; message?: string };
    } | null;
    if (response.ok && body?.ok === true) return { outcome: 'done', data: body.data };
    const code = body?.error?.code ?? `http-${response.status}`;
    const message = body?.error?.message ?? `OnAir Desk answered HTTP ${response.status}.`;
    if (response.status === 409 && code === 'confirmation-required')
      return { outcome: 'pressAgain', message };
    return { outcome: 'refused', status: response.status, code, message };
  }

  /**
   * Follows the feedback stream until the returned function is called: `onPicture` gets every
   * picture, `onLink` every change of the stream's state. A stream that ends, fails or falls
   * silent for {@link silentAfterMs} is reopened after {@link reconnectMs}; one the desk refused
   * (a wrong or revoked token) after {@link refusedRetryMs}.
   */
  follow(handlers: {
    onPicture: (picture: PanelFeedback) => void;
    onLink: (link: LinkState) => void;
  }): () => void {
    let stopped = false;
    let abort: AbortController | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const open = async (): Promise<void> => {
      let retryMs = reconnectMs;
      abort = new AbortController();
      const signal = abort.signal;
      let watchdog: ReturnType<typeof setTimeout> | null = null;
      const heard = () => {
        if (watchdog) clearTimeout(watchdog);
        watchdog = setTimeout(() => abort?.abort(new StreamSilent()), silentAfterMs);
      };
      handlers.onLink({ state: 'connecting' });
      try {
        heard();
        const response = await this.#fetch(`${this.#address}/api/v1/feedback`, {
          headers: { Authorization: `Bearer ${this.#token}`, Accept: 'text/event-stream' },
          signal,
        });
        if (response.status !== 200 || !response.body) {
          const body = (await response.json().catch(() => null)) as {
            error?: { message?: string };
          } | null;
          retryMs = refusedRetryMs;
          handlers.onLink({
            state: 'refused',
            status: response.status,
            message: body?.error?.message ?? `OnAir Desk answered HTTP ${response.status}.`,
          });
          return;
        }
        handlers.onLink({ state: 'open' });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          heard();
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const picture = pictureOf(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            if (picture) handlers.onPicture(picture);
          }
        }
        if (!stopped) handlers.onLink({ state: 'lost', message: 'OnAir Desk closed the stream.' });
      } catch (error) {
        if (!stopped)
          handlers.onLink({
            state: 'lost',
            message: unansweredMessage(this.#address, error, 'stream'),
          });
      } finally {
        if (watchdog) clearTimeout(watchdog);
        if (!stopped) retry = setTimeout(() => void open(), retryMs);
      }
    };
    void open();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      abort?.abort();
    };
  }
}

/** The picture of one server-sent event block, or null for a keep-alive or another event. */
function pictureOf(block: string): PanelFeedback | null {
  if (!block.startsWith('event: feedback')) return null;
  const data = /^data: (.*)$/m.exec(block)?.[1];
  if (!data) return null;
  try {
    return JSON.parse(data) as PanelFeedback;
  } catch {
    return null;
  }
}

/**
 * Why the desk gave no answer, as one English sentence for the operator (Companion's status
 * line and log; Companion is not localised), from what `fetch` threw. The raw network error
 * (`fetch failed (connect ECONNREFUSED 127.0.0.1:8765)`) says nothing a broadcast operator can
 * act on:
 * - nobody listens (connection refused, host or network unreachable, connect timeout): the
 *   desk is closed, its control API is off or on another port (Settings → Hardware panels →
 *   Control API on, the words of src-main/shared/i18n/en/panels.ts);
 * - the desk took the connection and fell silent: {@link pressTimeoutMs} for a press,
 *   {@link silentAfterMs} for the feedback stream;
 * - the desk dropped the connection mid-answer;
 * - anything else: said with the raw error, the only clue there is.
 * A press that may have reached the desk says so (it may have run); one refused at connect
 * says nothing was sent.
 * @param address `http://127.0.0.1:<port>`.
 * @param during a `press`, or the feedback `stream`.
 */
export function unansweredMessage(
  address: string,
  error: unknown,
  during: 'press' | 'stream',
): string {
  const where = new URL(address).host;
  const port = new URL(address).port;
  const code = codeOf(error);
  const mayHaveRun = during === 'press' ? ' The press may have run: look at the desk.' : '';
  if (error instanceof StreamSilent)
    return `OnAir Desk on ${where} sent nothing for ${silentAfterMs / 1000} s: it may be frozen. Every button is stale until it answers again.`;
  if (error instanceof Error && error.name === 'TimeoutError')
    return `OnAir Desk on ${where} did not answer within ${pressTimeoutMs / 1000} s: it may be frozen.${mayHaveRun}`;
  if (code && notListening.has(code))
    return (
      `OnAir Desk is not answering on ${where}: open it and turn on Settings → Hardware panels → Control API on, with port ${port}.` +
      (during === 'press' ? ' Nothing was sent.' : '')
    );
  if (code && dropped.has(code))
    return `OnAir Desk on ${where} closed the connection.${mayHaveRun}`;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  const message = error instanceof Error ? error.message : String(error);
  return `OnAir Desk on ${where} could not be reached (${cause ? `${message}: ${cause}` : message}).${mayHaveRun}`;
}

/** The feedback stream's watchdog: no byte for {@link silentAfterMs}. */
class StreamSilent extends Error {
  constructor() {
    super('the feedback stream fell silent');
    this.name = 'StreamSilent';
  }
}

/** Network error codes of a connection nobody took: the desk is not listening there. */
const notListening = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Network error codes of a connection the desk took, then dropped. */
const dropped = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** The system or undici error code of a failed `fetch` (on the error or its cause), or null. */
function codeOf(error: unknown): string | null {
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 3; depth += 1) {
    const code = (at as Error & { code?: unknown }).code;
    if (typeof code === 'string') return code;
    at = at.cause;
  }
  return null;
}
