/**
 * The page plays what main decided (issue 35 §4): one `sound.cue` event, one sound, at the
 * cue's volume on the media element's 0–1 scale; nothing without an event; a sound the
 * browser refuses is reported, never thrown. The sink is a fake audio output that records
 * what reached it; the bridge a typed fake of `window.desk` that pushes events as main does.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeskBridge } from '../../src-main/shared/bridge';
import type { SoundCue, SoundCueKind } from '../../src-main/shared/sound-cues';

const listeners = vi.hoisted(() => {
  const set = new Set<(payload: unknown) => void>();
  const fake: Pick<DeskBridge, 'host'> & Record<string, unknown> = {
    host: 'browser',
    invoke: () => Promise.resolve({ ok: true, data: null }),
    on: (event: string, listener: (payload: unknown) => void) => {
      if (event !== 'sound.cue') return () => undefined;
      set.add(listener);
      return () => set.delete(listener);
    },
    filePaths: () => Promise.resolve({ ok: true, data: [] }),
  };
  (globalThis as unknown as { window: { desk?: unknown } }).window.desk = fake;
  return set;
});

const { connectSoundCues, playSound } = await import('./sound-cues');

const urls: Record<SoundCueKind, string> = {
  unexpectedOffAir: '/assets/unexpected-off-air-1.wav',
  recordingStopped: '/assets/recording-stopped-1.wav',
  tokenRefused: '/assets/token-refused-1.wav',
  longPause: '/assets/long-pause-1.wav',
};

/** A fake audio output: records each sound it was asked to play. */
function recordingSink(refuse: string | null = null) {
  const played: { url: string; volume: number }[] = [];
  return {
    played,
    play(url: string, volume: number): Promise<void> {
      if (refuse !== null) return Promise.reject(new Error(refuse));
      played.push({ url, volume });
      return Promise.resolve();
    },
  };
}

const cue = (kind: SoundCueKind, volume: number, n: number): SoundCue => ({
  id: `sound-${n}`,
  kind,
  at: Date.UTC(2026, 10, 29, 1, 0, n),
  volume,
});
const push = async (payload: SoundCue) => {
  for (const listener of [...listeners]) listener(payload);
  await Promise.resolve();
};

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

describe('sound cues in the page', () => {
  it('plays each cue once, its kind file at its volume, and nothing without one', async () => {
    const sink = recordingSink();
    stop = connectSoundCues(urls, { sink });
    expect(sink.played).toEqual([]);
    await push(cue('unexpectedOffAir', 40, 1));
    expect(sink.played).toEqual([{ url: urls.unexpectedOffAir, volume: 0.4 }]);
    await push(cue('longPause', 100, 2));
    expect(sink.played).toEqual([
      { url: urls.unexpectedOffAir, volume: 0.4 },
      { url: urls.longPause, volume: 1 },
    ]);
    stop();
    stop = null;
    await push(cue('tokenRefused', 70, 3));
    expect(sink.played).toHaveLength(2);
  });

  it('keeps the volume within the media scale and says why the browser refused', async () => {
    const sink = recordingSink();
    expect(await playSound(sink, urls, 'tokenRefused', 0)).toBeNull();
    expect(await playSound(sink, urls, 'tokenRefused', 150)).toBeNull();
    expect(sink.played.map((p) => p.volume)).toEqual([0, 1]);
    const refusing = recordingSink('play() failed because the user did not interact');
    expect(await playSound(refusing, urls, 'recordingStopped', 50)).toBe(
      'play() failed because the user did not interact',
    );
  });
});
