/**
 * `startSandbox({ onAir })` and `npm run sandbox -- --on-air N`: a sandbox with N broadcasts on
 * air at once, each fed by a simulated encoder (encoder.ts), so that they stay on air until a
 * test or the Rehearsal panel turns an encoder off. Used by the Multiview's tests and bench.
 *
 * Every broadcast on air at the start counts: the seed's (seed-channels.ts: three) and a
 * scheduled channel's program playing then (scheduled-output.ts; it ends when its program
 * does, so the count may drop later by that one). More are started on the
 * seeded encoder-fed channels that are enabled, not trashed and off air, in channel order; past
 * those, channels "Feed 01", "Feed 02", ... are added (like the seeded ones: live type,
 * timeshift and chat on). Fewer than the seed's are ended through `endBroadcast`, newest channel
 * first (encoder-fed before scheduled). Deterministic: the same seed and count give the same channels and keys.
 */
import { endBroadcast } from '../live/broadcast-actions';
import type { VirtualClock } from '../kernel/clock';
import type { EncoderSimulator } from '../rehearsal/encoder';
import { newKey, nextId } from '../state/ids';
import { playSchedules } from '../live/scheduled-output';
import type { ChannelRecord, SandboxState } from '../state/state';

/** Most broadcasts `onAir` may ask for (the Multiview's bench uses 16). */
export const maxOnAir = 64;

/**
 * Brings the number of on-air broadcasts of `state` to exactly `count`.
 * @throws RangeError when `count` is not an integer from 0 to {@link maxOnAir}.
 */
export function seedOnAir(
  state: SandboxState,
  encoders: EncoderSimulator,
  clock: VirtualClock,
  count: number,
): void {
  if (!Number.isInteger(count) || count < 0 || count > maxOnAir)
    throw new RangeError(`onAir must be an integer from 0 to ${maxOnAir}, not ${count}.`);
  playSchedules(state, clock.now());
  const onAirChannels = (): Set<string> =>
    new Set(state.broadcasts.filter((item) => item.isOnair).map((item) => item.channelKey));
  let live = onAirChannels();
  const scheduled = new Set(
    state.channels.filter((item) => item.channelType === 'scheduled').map((item) => item.key),
  );
  const extra = [...live]
    .reverse()
    .sort((a, b) => Number(scheduled.has(a)) - Number(scheduled.has(b)));
  while (live.size > count) {
    const channelKey = extra.shift();
    const broadcast = state.broadcasts.find(
      (item) => item.isOnair && item.channelKey === channelKey,
    );
    if (broadcast) endBroadcast(state, broadcast, clock.now());
    live = onAirChannels();
  }
  for (const channel of state.channels) {
    if (live.size >= count) return;
    if (!fed(channel) || live.has(channel.key)) continue;
    encoders.set(channel.key, 'live');
    live = onAirChannels();
  }
  const template = state.channels.find(fed);
  let number = 1;
  while (live.size < count) {
    const title = `Feed ${String(number).padStart(2, '0')}`;
    number += 1;
    const key = newKey(state, 16, 'lower', (drawn) =>
      state.channels.some((item) => item.key === drawn),
    );
    const id = nextId(state);
    const channel: ChannelRecord = {
      id,
      key,
      title,
      customerCode: `FEED-${String(id).padStart(2, '0')}`,
      isShared: false,
      concurrentlyViewerLimit: 1000,
      profileGroupKey: template?.profileGroupKey ?? state.profileGroups[0]?.key ?? '',
      useChattingService: true,
      useTimeshift: true,
      idleScreenUrl: null,
      status: 'enabled',
      isTrashed: false,
      channelType: 'live',
      createdAt: clock.now(),
      audiencePeak: 200 + ((id * 137) % 900),
    };
    state.channels.push(channel);
    encoders.set(channel.key, 'live');
    live = onAirChannels();
  }
}

function fed(channel: ChannelRecord): boolean {
  return channel.channelType !== 'scheduled' && channel.status === 'enabled' && !channel.isTrashed;
}
