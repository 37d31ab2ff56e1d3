/**
 * Where sandbox callbacks go (spec, Events): the URLs set with PUT
 * `<LIVE>/channels/{channel_key}/callback`, PUT `/channels/{channel_key}/callback` and PUT
 * `/channels/{channel_key}/download-callback`, kept on the channel records (live
 * `ChannelRecord.callbacks`, VOD `VodChannelRecord.callbackUrl`/`downloadCallbackUrl`;
 * docs/dev/sandbox.md, "No side maps"). No URL set, no call (spec, Events 1).
 */
import type { CallbackEvent } from './callbacks-events';
import type { VodChannelRecord } from '../state/model/vod';
import type { ChannelCallbacks, ChannelRecord, SandboxState } from '../state/state';

/** Which callback URL of which channel. */
export type CallbackTarget =
  | { api: 'live'; channelKey: string; kind: 'live' | 'recording_file' | 'playback' }
  | { api: 'vod'; channelKey: string; kind: 'channel' | 'download' };

/** Sets (or with null, removes) a callback URL of a channel; for the PUT .../callback handlers. */
export function setCallbackUrl(
  state: SandboxState,
  target: CallbackTarget,
  url: string | null,
): void {
  if (target.api === 'vod') {
    const channel = state.vod.channels.find((item) => item.key === target.channelKey);
    if (channel === undefined) return;
    if (target.kind === 'channel') channel.callbackUrl = url;
    else channel.downloadCallbackUrl = url;
    return;
  }
  const channel = state.channels.find((item) => item.key === target.channelKey);
  if (channel !== undefined) setLiveCallbackUrl(channel, target.kind, url);
}

/** Sets (or with null, removes) one callback URL of a live channel, on its record. */
export function setLiveCallbackUrl(
  channel: Pick<ChannelRecord, 'callbacks'>,
  kind: keyof Omit<ChannelCallbacks, 'updatedAt'>,
  url: string | null,
): void {
  const callbacks = (channel.callbacks ??= {});
  // Undefined, not deleted: the state file drops undefined fields, so it reads the same.
  callbacks[kind] = url ?? undefined;
}

/** The URL `event` goes to: on the live channel's or VOD channel's record; undefined: none. */
export function urlFor(state: SandboxState, event: CallbackEvent): string | undefined {
  const key = event.channel_key;
  const live = (): ChannelCallbacks | undefined =>
    state.channels.find((item) => item.key === key)?.callbacks;
  const vod = (): VodChannelRecord | undefined =>
    state.vod.channels.find((item) => item.key === key);
  switch (event.type) {
    case 'live.broadcast':
      return live()?.live;
    case 'live.recording_file':
      return live()?.recording_file;
    case 'live.playback':
      return live()?.playback;
    case 'vod.content':
    case 'vod.playback':
    case 'vod.ai_script':
      return vod()?.callbackUrl ?? undefined;
    case 'vod.download':
      return vod()?.downloadCallbackUrl ?? undefined;
  }
}
