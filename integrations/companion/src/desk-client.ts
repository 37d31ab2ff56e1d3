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
 *   with its status, code and English message;
 * - `unreachable`: no answer (the desk closed, the API turned off, another port).
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
 * No byte for this long, ms, and the stream counts as lost: the desk writes a keep-alive every
 * 15 s (panel-api.ts, every 30 ticks of 500 ms) even when nothing changes.
 */
export const silentAfterMs = 20_000;

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
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      return { outcome: 'unreachable', message: messageOf(error) };
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
        watchdog = setTimeout(
          () => abort?.abort(new Error('the stream fell silent')),
          silentAfterMs,
        );
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
        if (!stopped) handlers.onLink({ state: 'lost', message: messageOf(error) });
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

function messageOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  const message = error instanceof Error ? error.message : String(error);
  return cause ? `${message} (${cause})` : message;
}
