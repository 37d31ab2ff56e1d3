/**
 * The one HTTP client of the sandbox's own controls (`/__sandbox/...`: encoders, scenarios,
 * callbacks; src-main/sandbox/control/control-*.ts), at the origin of the sandbox workspace's
 * live base URL, so it works for the embedded sandbox and for one the app was given
 * (`ONAIR_SANDBOX_INFO`) alike. Loopback only: a base URL on another host is refused before
 * anything is sent (rehearsal traffic never leaves the machine). These controls are not
 * platform operations: they spend no API budget. encoder-control.ts, scenario-control.ts and
 * sandbox-callbacks.ts read the answers, each in its own shape.
 */
import { PlatformError, networkError } from '../../platform/errors';
import { say } from '../../shared/i18n/say';

/** What the sandbox answered: the HTTP status and the JSON body (null when it had none). */
export interface ControlAnswer {
  status: number;
  /** Whether the status is 2xx. */
  ok: boolean;
  body: unknown;
}

/** One request to a control: the path under `/__sandbox` and what it carries. */
export interface ControlRequest {
  /** Default `GET`. */
  method?: 'GET' | 'POST';
  /** Sent as JSON (with its content type); absent: no body. */
  body?: object;
  /** Aborts the request when the asker goes away. */
  signal?: AbortSignal;
}

/** The sandbox's controls at one loopback origin. */
export interface SandboxControl {
  /** The sandbox's origin, e.g. `http://127.0.0.1:4010`. */
  readonly origin: string;
  /**
   * Sends `request` to `${origin}/__sandbox${path}`; any HTTP status is answered, not thrown.
   * @throws what {@link ControlOptions.unreachable} makes of a request that got no answer
   *   (default: PlatformError `network`).
   */
  send(path: string, request?: ControlRequest): Promise<ControlAnswer>;
}

/** How a client of the controls says its refusals; `fetchImpl` for tests. */
export interface ControlOptions {
  fetchImpl?: typeof fetch;
  /** The error for a base URL not on this machine (default: PlatformError `forbidden`). */
  refuse?: (origin: string) => Error;
  /** The error for a request that got no answer (default: PlatformError `network`). */
  unreachable?: (error: unknown) => Error;
}

/** Whether `hostname` (as `URL.hostname` gives it) is this machine: 127.0.0.0/8, ::1, localhost. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * The origin of `baseUrl` when it is on this machine (127.0.0.0/8, ::1, localhost).
 * @throws PlatformError `forbidden` otherwise: rehearsal traffic never leaves the machine.
 */
export function loopbackOrigin(baseUrl: string): string {
  const url = URL.canParse(baseUrl) ? new URL(baseUrl) : null;
  if (url === null || !isLoopbackHost(url.hostname))
    throw new PlatformError({ code: 'forbidden', ...say('rehearsalView.notLoopback') });
  return url.origin;
}

/**
 * The controls of the sandbox whose live base URL is `liveBaseUrl` (its origin is the
 * sandbox's).
 * @throws what `options.refuse` makes (default PlatformError `forbidden`) when that origin is
 *   not on this machine; nothing is sent then.
 */
export function sandboxControl(liveBaseUrl: string, options: ControlOptions = {}): SandboxControl {
  let origin: string;
  try {
    origin = loopbackOrigin(liveBaseUrl);
  } catch (error) {
    if (!options.refuse) throw error;
    throw options.refuse(URL.canParse(liveBaseUrl) ? new URL(liveBaseUrl).origin : liveBaseUrl);
  }
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    origin,
    async send(path, request = {}) {
      const { method = 'GET', body, signal } = request;
      let response: Response;
      try {
        response = await fetchImpl(`${origin}/__sandbox${path}`, {
          method,
          headers: {
            Accept: 'application/json',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        throw options.unreachable
          ? options.unreachable(error)
          : new PlatformError(networkError(error));
      }
      const parsed: unknown = await response.json().catch(() => null);
      return { status: response.status, ok: response.ok, body: parsed };
    },
  };
}
