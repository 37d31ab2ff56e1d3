/**
 * Sound cues in the page (issue 35 §4): main's sound cue policy decides when
 * (services/notifications/sound-cue-policy.ts) and pushes `sound.cue` once per event; the page
 * plays that kind's file at the volume the cue carries. Settings' "Play" previews a kind the
 * same way. Playback goes through a {@link SoundSink}, an `HTMLAudioElement` in the app.
 */
import type { SoundCue, SoundCueKind } from '../../src-main/shared/sound-cues';
import { desk } from './bridge';

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
 * Follows `sound.cue`: each cue plays once, through `sink`. Returns the function that stops
 * following. Never throws: a sound the browser refuses is not played (the views and the OS
 * notifications still say what happened).
 */
export function connectSoundCues(
  urls: Record<SoundCueKind, string>,
  sink: SoundSink = audioElementSink,
): () => void {
  return desk.on('sound.cue', (cue: SoundCue) => {
    void playSound(sink, urls, cue.kind, cue.volume);
  });
}
