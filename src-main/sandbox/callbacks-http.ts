/**
 * One callback attempt over HTTP(S): a form-encoded POST with a connect timeout and a response
 * timeout (callbacks.ts documents the policy). The body of the answer is read and dropped.
 */
import http from 'node:http';
import https from 'node:https';

/** Timeouts of one attempt, in ms. */
export interface AttemptTimeouts {
  /** From the request to an open connection. */
  connectTimeoutMs: number;
  /** From the open connection to the end of the answer. */
  responseTimeoutMs: number;
}

/**
 * POSTs `form` to `url`. Resolves null when the receiver answered HTTP 200, else the reason in
 * a few words (`HTTP 503`, `connect timeout after 2000 ms`, `ECONNREFUSED`). Never rejects.
 */
export function postForm(
  url: string,
  form: Record<string, string>,
  timeouts: AttemptTimeouts,
): Promise<string | null> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve(`not a URL: ${url}`);
      return;
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      resolve(`unsupported scheme ${target.protocol}`);
      return;
    }
    const body = new URLSearchParams(form).toString();
    const transport = target.protocol === 'https:' ? https : http;
    let settled = false;
    const finish = (failure: string | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(failure);
    };
    const request = transport.request(target, {
      method: 'POST',
      agent: false,
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
