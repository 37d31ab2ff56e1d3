import type { PlatformProbe } from './fixtures';

/** A channel as the sandbox's live API lists it (the fields the specs read). */
export interface LiveChannel {
  key: string;
  title: string;
  /** `scheduled` for a channel that plays its schedule rather than an encoder's feed. */
  type?: string;
  latest_broadcast: { key?: string; is_onair?: boolean };
}

/** A broadcast as the sandbox's live API answers `GET /broadcasts/{key}` (the fields read). */
export interface LiveBroadcast {
  key: string;
  title: string;
  is_onair: boolean;
  use_timeshift: boolean;
  /** Whether a manual recording runs (spec: "is_duplicate_recording"). */
  is_duplicate_recording: boolean;
  /** The cue point, ISO 8601 UTC, or null. */
  cue_sign_at: string | null;
}

/** What the on-air broadcast a spec needs must be; unset fields accept either. */
export interface OnAirWanted {
  /** Timeshift on (true) or off (false). */
  timeshift?: boolean;
  /** A manual recording running (true) or not (false). */
  recording?: boolean;
  /** Whether a channel that plays its schedule may serve; default true. */
  scheduled?: boolean;
  /** Which of the matching channels, counted from 0 in the list's order; default 0. */
  nth?: number;
}

/**
 * An on-air channel of the sandbox and its broadcast, found through the live API as a second
 * client would (`GET /channels?live_status=onair`, then `GET /broadcasts/{key}`), matching
 * `wanted`, so a spec works on whatever the seed has on air.
 * @throws Error naming what was wanted when no on-air broadcast matches.
 */
export async function findOnAir(
  platform: PlatformProbe,
  wanted: OnAirWanted = {},
): Promise<{ channel: LiveChannel; broadcast: LiveBroadcast }> {
  const list = await platform.get<{ data: LiveChannel[] }>(
    '/channels?live_status=onair&per_page=100',
  );
  let seen = 0;
  for (const channel of list.data) {
    const key = channel.latest_broadcast.key;
    if (!key) continue;
    if (wanted.scheduled === false && channel.type === 'scheduled') continue;
    const { data } = await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${key}`);
    if (!data.is_onair) continue;
    if (wanted.timeshift !== undefined && data.use_timeshift !== wanted.timeshift) continue;
    if (wanted.recording !== undefined && data.is_duplicate_recording !== wanted.recording)
      continue;
    if (seen++ === (wanted.nth ?? 0)) return { channel, broadcast: data };
  }
  throw new Error(`the sandbox seed has no on-air broadcast like ${JSON.stringify(wanted)}`);
}

/**
 * Whether the platform records broadcast `broadcastKey` now (`is_duplicate_recording` of
 * `GET /broadcasts/{key}`, read as a second client would): poll it after a recording command,
 * `await expect.poll(() => recordingAtPlatform(platform, key)).toBe(true)`.
 */
export async function recordingAtPlatform(
  platform: PlatformProbe,
  broadcastKey: string,
): Promise<boolean> {
  const { data } = await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${broadcastKey}`);
  return data.is_duplicate_recording;
}
