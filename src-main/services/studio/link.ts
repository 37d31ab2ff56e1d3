/**
 * The pinned link to a studio hub that seats (seat.ts) and a backup hub (backup.ts) share
 * (docs/dev/architecture.md, "The takeover protocol"): a TLS agent that accepts only the pinned
 * certificate, undici's error unwrapping, and one reader of server-sent events.
 */
import type { TLSSocket } from 'node:tls';
import { Agent, buildConnector } from 'undici';
import { normalizeFingerprint } from './certificate';

/** The hub's certificate was not the pinned one: the seat refused the connection. */
export class FingerprintMismatchError extends Error {
  constructor(
    readonly expected: string,
    readonly got: string,
  ) {
    super(
      `The studio hub's certificate fingerprint is ${got}, not the pinned ${expected}: refused.`,
    );
    this.name = 'FingerprintMismatchError';
  }
}

/**
 * An undici Agent whose every TLS connection must present the certificate of fingerprint
 * `fingerprint` (SHA-256, any case or separators); others are destroyed with
 * {@link FingerprintMismatchError}. No CA is consulted: the pin is the trust.
 */
export function pinnedAgent(fingerprint: string): Agent {
  const expected = normalizeFingerprint(fingerprint);
  // No TLS session reuse: every connection shows its certificate.
  const base = buildConnector({ rejectUnauthorized: false, maxCachedSessions: 0 });
  return new Agent({
    connect(options, callback) {
      base(options, (error, socket) => {
        if (error || !socket) return callback(error ?? new Error('No connection.'), null);
        const got = (socket as TLSSocket).getPeerCertificate?.().fingerprint256 ?? '';
        if (normalizeFingerprint(got) !== expected || expected === '') {
          socket.destroy();
          return callback(new FingerprintMismatchError(expected, got), null);
        }
        callback(null, socket);
      });
    },
  });
}

/** A fetch response body as undici gives it. */
export interface EventBody {
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }> };
}

/**
 * Reads server-sent events from `body` until it ends, handing each event's name (`message`
 * when unnamed) and its `data` parsed as JSON on. Comments (keep-alives) and events without
 * data are skipped; a malformed event is dropped, never fatal.
 */
export async function readServerSentEvents(
  body: EventBody,
  onEvent: (event: string, data: unknown) => void,
): Promise<void> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (data === '') continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        continue;
      }
      onEvent(event, parsed);
    }
  }
}

/** undici wraps a connector's error in `TypeError: fetch failed` (its `cause`). */
export function unwrap(error: unknown): Error {
  let current: unknown = error;
  for (let depth = 0; depth < 4; depth += 1) {
    if (current instanceof FingerprintMismatchError) return current;
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (cause === undefined) break;
    current = cause;
  }
  return error instanceof Error ? error : new Error(String(error));
}
