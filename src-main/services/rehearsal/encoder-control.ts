/**
 * A client of the sandbox's encoder control (`/__sandbox/channels/{channel_key}/encoder` and
 * `/__sandbox/encoders`, src-main/sandbox/routes/control-encoders.ts), reached over HTTP at the
 * origin of the sandbox workspace's live base URL, so it works for the embedded sandbox and
 * for one the app was given (`ONAIR_SANDBOX_INFO`) alike. Loopback only: a base URL on
 * another host is refused before anything is sent. These controls are not platform
 * operations: they spend no API budget.
 */
import { PlatformError, errorFromResponse, networkError } from '../../platform/errors';
import type { EncoderView } from '../../shared/commands/rehearsal';
import { say } from '../../shared/i18n/say';

/** An encoder as the sandbox answers it (snake_case, times ISO-8601 UTC). */
interface WireEncoder {
  channel_key: string;
  channel_title: string;
  channel_disabled: boolean;
  state: EncoderView['state'];
  broadcast_key: string | null;
  reconnect_until: string | null;
  reconnect_left_ms: number | null;
}

/** The encoder control of the sandbox whose live base URL is `liveBaseUrl`. */
export interface EncoderControl {
  /** Every encoder-fed channel not in the trash. @throws PlatformError */
  list(signal?: AbortSignal): Promise<EncoderView[]>;
  /** Turns a channel's encoder on or off; answers it after the change. @throws PlatformError */
  set(channelKey: string, state: 'live' | 'off', signal?: AbortSignal): Promise<EncoderView>;
}

/**
 * The control at the origin of `liveBaseUrl`.
 * @throws PlatformError `forbidden` when that origin is not on this machine (127.0.0.0/8, ::1,
 *   localhost): rehearsal traffic never leaves the machine.
 */
export function encoderControl(liveBaseUrl: string): EncoderControl {
  const origin = loopbackOrigin(liveBaseUrl);
  const call = async (path: string, init: RequestInit): Promise<unknown> => {
    let response: Response;
    try {
      response = await fetch(`${origin}/__sandbox${path}`, {
        ...init,
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      });
    } catch (error) {
      throw new PlatformError(networkError(error));
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new PlatformError(errorFromResponse(response.status, body));
    return (body as { data?: unknown } | null)?.data;
  };
  return {
    async list(signal) {
      const data = await call('/encoders', { method: 'GET', ...(signal ? { signal } : {}) });
      return (Array.isArray(data) ? (data as WireEncoder[]) : []).map(toView);
    },
    async set(channelKey, state, signal) {
      const data = await call(`/channels/${encodeURIComponent(channelKey)}/encoder`, {
        method: 'POST',
        body: JSON.stringify({ state }),
        ...(signal ? { signal } : {}),
      });
      return toView(data as WireEncoder);
    },
  };
}

function toView(wire: WireEncoder): EncoderView {
  return {
    channelKey: wire.channel_key,
    channelTitle: wire.channel_title,
    channelDisabled: wire.channel_disabled,
    state: wire.state,
    broadcastKey: wire.broadcast_key,
    reconnectUntil: wire.reconnect_until === null ? null : Date.parse(wire.reconnect_until),
    reconnectLeftMs: wire.reconnect_left_ms,
  };
}

/**
 * The origin of `baseUrl` when it is on this machine (127.0.0.0/8, ::1, localhost).
 * @throws PlatformError `forbidden` otherwise: rehearsal traffic never leaves the machine.
 */
export function loopbackOrigin(baseUrl: string): string {
  const url = URL.canParse(baseUrl) ? new URL(baseUrl) : null;
  const host = url?.hostname ?? '';
  if (
    url === null ||
    !(host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host))
  ) {
    throw new PlatformError({ code: 'forbidden', ...say('rehearsalView.notLoopback') });
  }
  return url.origin;
}
