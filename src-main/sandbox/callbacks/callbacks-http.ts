/**
 * One callback attempt over HTTP(S): a form-encoded POST with a connect timeout and a response
 * timeout (callbacks.ts documents the policy). The body of the answer is read and dropped. The
 * connection goes to the address callbacks-target.ts checked: the host name is not resolved
 * again (a second answer could name another machine).
 */
import type { LookupAddress, LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { ResolvedAddress } from './callbacks-target';

/** How one attempt ended: the HTTP status when an answer came, and the failure in words. */
export interface AttemptResult {
  /** The receiver's HTTP status; null when no answer came. */
  httpStatus: number | null;
  /** Null when delivered (HTTP 200), else `HTTP 503`, `connect timeout after 2000 ms`... */
  failure: string | null;
}

/** Timeouts of one attempt, in ms. */
export interface AttemptTimeouts {
  /** From the request to an open connection. */
  connectTimeoutMs: number;
  /** From the open connection to the end of the answer. */
  responseTimeoutMs: number;
}

/**
 * POSTs `form` to `target`, connecting to `address` (checked by callbacks-target.ts). Resolves
 * the status and, unless the receiver answered HTTP 200, the reason in a few words (`HTTP 503`,
 * `connect timeout after 2000 ms`, `ECONNREFUSED`). Never rejects.
 */
export function postForm(
  target: URL,
  address: ResolvedAddress,
  form: Record<string, string>,
  timeouts: AttemptTimeouts,
): Promise<AttemptResult> {
  return new Promise((resolve) => {
    let httpStatus: number | null = null;
    const body = new URLSearchParams(form).toString();
    const transport = target.protocol === 'https:' ? https : http;
    let settled = false;
    const finish = (failure: string | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ httpStatus, failure });
    };
    // The checked address, whatever the options ask (one address, or all of them).
    const pinned = (
      _hostname: string,
      options: LookupOptions,
      callback: (
        error: NodeJS.ErrnoException | null,
        address: string | LookupAddress[],
        family?: number,
      ) => void,
    ): void => {
      if (options.all === true) callback(null, [address]);
      else callback(null, address.address, address.family);
    };
    const request = transport.request(target, {
      method: 'POST',
      agent: false,
      lookup: pinned,
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': Buffer.byteLength(body),
        'User-Agent': 'onair-sandbox-callbacks/1',
      },
    });
    let timer = setTimeout(() => {
      finish(`connect timeout after ${timeouts.connectTimeoutMs} ms`);
      request.destroy();
    }, timeouts.connectTimeoutMs);
    request.on('socket', (socket) => {
      const started = (): void => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          finish(`no answer within ${timeouts.responseTimeoutMs} ms`);
          request.destroy();
        }, timeouts.responseTimeoutMs);
      };
      if (socket.connecting) socket.once('connect', started);
      else started();
    });
    request.on('response', (response) => {
      httpStatus = response.statusCode ?? 0;
      response.resume();
      response.on('end', () =>
        finish(response.statusCode === 200 ? null : `HTTP ${response.statusCode ?? 0}`),
      );
      response.on('error', (error) => finish(error.message));
    });
    request.on('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    request.end(body);
  });
}
