/**
 * Where the page finds each sound cue's file: resources/sounds/*.wav (scripts/sounds.mjs),
 * copied by Vite into the built renderer (`out/renderer/assets/`), so the desktop app and the
 * browser host serve them from the page's own origin (CSP `media-src 'self'`).
 */
import type { SoundCueKind } from '../../src-main/shared/sound-cues';
import unexpectedOffAir from '../../resources/sounds/unexpected-off-air.wav?url&no-inline';
import recordingStopped from '../../resources/sounds/recording-stopped.wav?url&no-inline';
import tokenRefused from '../../resources/sounds/token-refused.wav?url&no-inline';
import longPause from '../../resources/sounds/long-pause.wav?url&no-inline';

/** Each kind's file URL (shared/sound-cues.ts's `soundCueFiles` names the same files). */
export const soundFileUrls: Record<SoundCueKind, string> = {
  unexpectedOffAir,
  recordingStopped,
  tokenRefused,
  longPause,
};
