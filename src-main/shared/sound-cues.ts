/**
 * Sound cues (issue 35 §4): short sounds the app plays once when something the operator must
 * not miss happens while they look elsewhere. Each kind has its own switch and volume (all
 * off until the operator turns one on, `settings.sounds`, settings.json); main decides when
 * (services/notifications/sound-cue-policy.ts) and pushes `sound.cue`; the page plays the
 * kind's file (src-renderer/lib/sound-cues.ts). The files are resources/sounds/*.wav, made by
 * scripts/sounds.mjs.
 */

/** The kinds of sound cue, in the order Settings lists them. */
export const soundCueKinds = [
  /** A watched broadcast went off air without this desk stopping its encoder. */
  'unexpectedOffAir',
  /** A manual recording stopped without a stop command from this desk. */
  'recordingStopped',
  /** The platform refused the workspace's token (401). */
  'tokenRefused',
  /**
   * The platform paused the API budget (429) for longer than 10 s: past the third
   * consecutive 429's back-off (2, 4, 8 s) or a `Retry-After` over 10 s
   * (platform/retry-after.ts), the same figure as the OS notification's.
   */
  'longPause',
] as const;

/** One kind of sound cue. */
export type SoundCueKind = (typeof soundCueKinds)[number];

/** One kind's setting: on or off, and its volume in % of the file's level (0–100). */
export interface SoundCueSetting {
  on: boolean;
  volume: number;
}

/** Every kind's setting. */
export type SoundCueSettings = Record<SoundCueKind, SoundCueSetting>;

/** The volume a kind starts at, %. */
export const defaultSoundVolume = 70;

/** Every kind off, at the default volume: what applies until the operator turns one on. */
export const defaultSoundCues: SoundCueSettings = {
  unexpectedOffAir: { on: false, volume: defaultSoundVolume },
  recordingStopped: { on: false, volume: defaultSoundVolume },
  tokenRefused: { on: false, volume: defaultSoundVolume },
  longPause: { on: false, volume: defaultSoundVolume },
};

/** Each kind's file in resources/sounds/ (scripts/sounds.mjs writes them). */
export const soundCueFiles: Record<SoundCueKind, string> = {
  unexpectedOffAir: 'unexpected-off-air.wav',
  recordingStopped: 'recording-stopped.wav',
  tokenRefused: 'token-refused.wav',
  longPause: 'long-pause.wav',
};

/** One sound to play (the `sound.cue` event): decided once per event by main. */
export interface SoundCue {
  /** Unique in this run of main (`sound-1`, `sound-2`...). */
  id: string;
  kind: SoundCueKind;
  /** When main decided, epoch ms UTC (the injected clock's). */
  at: number;
  /** The kind's volume when main decided, % (0–100). */
  volume: number;
}
