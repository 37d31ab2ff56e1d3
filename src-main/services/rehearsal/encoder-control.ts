/**
 * A client of the sandbox's encoder control (`/__sandbox/channels/{channel_key}/encoder` and
 * `/__sandbox/encoders`, src-main/sandbox/control/control-encoders.ts), reached over HTTP at the
 * origin of the sandbox workspace's live base URL through the one sandbox-control client
 * (sandbox-control.ts). Loopback only: a base URL on another host is refused before anything
 * is sent. These controls are not platform operations: they spend no API budget.
 */
import { PlatformError, errorFromResponse } from '../../platform/errors';
import type { EncoderView } from '../../shared/commands/rehearsal';
import { sandboxControl, type ControlRequest } from './sandbox-control';

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
  const control = sandboxControl(liveBaseUrl);
  const call = async (path: string, request: ControlRequest): Promise<unknown> => {
    const answer = await control.send(path, request);
    if (!answer.ok) throw new PlatformError(errorFromResponse(answer.status, answer.body));
    return (answer.body as { data?: unknown } | null)?.data;
  };
  return {
    async list(signal) {
      const data = await call('/encoders', { ...(signal ? { signal } : {}) });
      return (Array.isArray(data) ? (data as WireEncoder[]) : []).map(toView);
    },
    async set(channelKey, state, signal) {
      const data = await call(`/channels/${encodeURIComponent(channelKey)}/encoder`, {
        method: 'POST',
        body: { state },
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
