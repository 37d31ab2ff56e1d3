/**
 * Sound cues in the page (issue 35 §4): main's sound cue policy decides when
 * (services/notifications/sound-cue-policy.ts) and pushes `sound.cue` once per event to every
 * page of the desk; one main page plays that kind's file at the volume the cue carries (the
 * browser host's main tabs take turns: lib/sound-player.ts). Settings' "Play" previews a kind
 * the same way. Playback goes through a {@link SoundSink}, an `HTMLAudioElement` in the app.
 */
import type { SoundCue, SoundCueKind } from '../../src-main/shared/sound-cues';
import { desk } from './bridge';
import { launchSecret } from './browser-bridge';
import { alwaysPlaying, lockName, takeSoundTurns, type SoundTurn } from './sound-player';

/** Plays one sound: the file at `url`, at `volume` (0–1, the HTMLMediaElement scale). */
export interface SoundSink {
  /** Starts playing; resolves when it started, rejects when the browser refused (autoplay). */
  play(url: string, volume: number): Promise<void>;
}

/** The app's sink: a new `Audio` element per play, so cues that overlap do not cut each other. */
export const audioElementSink: SoundSink = {
  play(url, volume) {
    const audio = new Audio(url);
    audio.volume = volume;
    return audio.play();
  },
};

/**
 * Plays `kind` from `urls` at `volumePercent` (0–100, clamped). Resolves null once playing, or
 * the browser's reason when it refused (a page the operator has not yet clicked may not play
 * sound in a browser).
 */
export async function playSound(
  sink: SoundSink,
  urls: Record<SoundCueKind, string>,
  kind: SoundCueKind,
  volumePercent: number,
): Promise<string | null> {
  const volume = Math.min(1, Math.max(0, volumePercent / 100));
  try {
    await sink.play(urls[kind], volume);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Follows `sound.cue` in a main page: each cue plays once, through `options.sink`, while this
 * page has the desk's turn (`options.turn`; by default the browser host's tabs take turns, the
 * desktop app's one main window always plays). Returns the function that stops following and
 * gives the turn up. Never throws: a sound the browser refuses is not played (the views and the
 * OS notifications still say what happened).
 */
export function connectSoundCues(
  urls: Record<SoundCueKind, string>,
  options: { sink?: SoundSink; turn?: SoundTurn } = {},
): () => void {
  const sink = options.sink ?? audioElementSink;
  const turn = options.turn ?? deskSoundTurn();
  const off = desk.on('sound.cue', (cue: SoundCue) => {
    if (turn.playing()) void playSound(sink, urls, cue.kind, cue.volume);
  });
  return () => {
    off();
    turn.stop();
  };
}

/** This page's turn: shared among the browser host's main tabs of this launch, else its own. */
function deskSoundTurn(): SoundTurn {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (desk.host !== 'browser' || !locks) return alwaysPlaying;
  return takeSoundTurns({ locks, name: lockName(launchSecret()), page: window });
}
