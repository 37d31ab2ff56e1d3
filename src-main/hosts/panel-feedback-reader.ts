/**
 * A client of the control API's feedback stream (`GET /api/v1/feedback` with
 * `Accept: text/event-stream`, panel-api.ts) in the role of a hardware panel: it keeps every
 * `event: feedback` picture with when it arrived. Test support, shared by the vitest tests and
 * the e2e specs (e2e/panels.spec.ts); the app itself never reads its own stream. Loopback only:
 * it connects where the control API listens (127.0.0.1).
 */
import type { PanelFeedback } from '../shared/panels-model';

/** One picture and when it arrived, ms on the reader's clock (default `performance.now`). */
export interface FeedbackArrival {
  picture: PanelFeedback;
  arrived: number;
}

/** An open feedback stream. */
export interface FeedbackReader {
  /** The HTTP status the control API answered (200 when the stream is open). */
  status: number;
  /** The answer's `Content-Type` (`text/event-stream` for an open stream), or null. */
  contentType: string | null;
  /** Every picture so far, the oldest first. */
  pictures: PanelFeedback[];
  /** Every picture so far with when it arrived. */
  arrivals: FeedbackArrival[];
  /** The latest picture, or undefined before the first. */
  latest(): PanelFeedback | undefined;
  /** True once the control API ended the stream (or it failed); not set by {@link close}. */
  ended(): boolean;
  /** Closes the stream (idempotent). */
  close(): void;
}

/**
 * Opens the feedback stream of the control API at `address` (`http://127.0.0.1:<port>`) with
 * the panel's `token`, and reads it in the background until {@link FeedbackReader.close}.
 * @param options.now the clock of {@link FeedbackArrival.arrived}, ms.
 * @throws Error when the answer is 200 with no body.
 */
export async function openFeedbackStream(
  address: string,
  token: string,
  options: { now?: () => number } = {},
): Promise<FeedbackReader> {
  const now = options.now ?? (() => performance.now());
  const abort = new AbortController();
  const response = await fetch(`${address}/api/v1/feedback`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const pictures: PanelFeedback[] = [];
  const arrivals: FeedbackArrival[] = [];
  let ended = false;
  const reader: FeedbackReader = {
    status: response.status,
    contentType: response.headers.get('content-type'),
    pictures,
    arrivals,
    latest: () => pictures.at(-1),
    ended: () => ended,
    close: () => abort.abort(),
  };
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    return reader;
  }
  if (!response.body) throw new Error('the feedback stream has no body');
  const text = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await text.read();
      if (done) {
        ended = true;
        return;
      }
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!block.startsWith('event: feedback') || !data) continue;
        const picture = JSON.parse(data) as PanelFeedback;
        pictures.push(picture);
        arrivals.push({ picture, arrived: now() });
      }
    }
  })().catch(() => {
    if (!abort.signal.aborted) ended = true;
  });
  return reader;
}
