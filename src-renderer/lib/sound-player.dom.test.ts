/**
 * One desk, several main pages (the browser host's tabs): each `sound.cue` main pushes reaches
 * every page, and exactly one plays it. The page the operator last used plays; when it closes or
 * crashes, another page plays the next cue; a tab of an earlier launch cannot hold the turn.
 * The browser's Web Locks API is a fake that keeps its rules for exclusive locks (one holder per
 * name, a queue in order, `steal`, `signal`, every lock of a document released when it goes);
 * the bridge is a typed fake of `window.desk` that pushes to every page, as main does; each
 * page's audio output records what reached it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeskBridge } from '../../src-main/shared/bridge';
import type { SoundCue, SoundCueKind } from '../../src-main/shared/sound-cues';
import type { TurnLocks } from './sound-player';

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

const { connectSoundCues } = await import('./sound-cues');
const { lockName, takeSoundTurns } = await import('./sound-player');

const urls: Record<SoundCueKind, string> = {
  unexpectedOffAir: '/assets/unexpected-off-air-1.wav',
  recordingStopped: '/assets/recording-stopped-1.wav',
  tokenRefused: '/assets/token-refused-1.wav',
  longPause: '/assets/long-pause-1.wav',
};

interface Request {
  tab: string;
  name: string;
  grant: () => void;
  reject: (error: unknown) => void;
}

/**
 * A browser's lock manager for exclusive locks, shared by the tabs of one origin: `forTab`
 * is what one tab's `navigator.locks` reaches, `gone` what the browser does when a tab closes or
 * crashes (its locks released, its queued requests dropped).
 */
class FakeLockManager {
  held = new Map<string, Request>();
  queue: Request[] = [];

  forTab(tab: string): TurnLocks {
    return {
      request: (name, options, callback) =>
        new Promise<unknown>((resolve, reject) => {
          const request: Request = {
            tab,
            name,
            reject,
            grant: () => {
              this.held.set(name, request);
              void Promise.resolve()
                .then(callback)
                .then((value) => {
                  if (this.held.get(name) !== request) return;
                  this.release(name);
                  resolve(value);
                }, reject);
            },
          };
          if (options.steal) {
            const holder = this.held.get(name);
            if (holder) {
              this.held.delete(name);
              holder.reject(new DOMException('Lock broken by another request', 'AbortError'));
            }
            request.grant();
            return;
          }
          if (options.signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
          options.signal?.addEventListener('abort', () => {
            if (!this.queue.includes(request)) return;
            this.queue = this.queue.filter((r) => r !== request);
            reject(new DOMException('aborted', 'AbortError'));
          });
          this.queue.push(request);
          this.next(name);
        }),
    };
  }

  /** A tab closed or crashed: the browser releases what it held and drops what it asked. */
  gone(tab: string): void {
    this.queue = this.queue.filter((r) => r.tab !== tab);
    for (const [name, request] of this.held) if (request.tab === tab) this.release(name);
  }

  /** Which tab holds `name`. */
  holder(name: string): string | undefined {
    return this.held.get(name)?.tab;
  }

  private release(name: string): void {
    this.held.delete(name);
    this.next(name);
  }

  private next(name: string): void {
    if (this.held.has(name)) return;
    const first = this.queue.find((r) => r.name === name);
    if (!first) return;
    this.queue = this.queue.filter((r) => r !== first);
    first.grant();
  }
}

/** Lets the fake's grants and the turns' reactions run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let n = 0;
const push = async (kind: SoundCueKind = 'unexpectedOffAir') => {
  n += 1;
  const payload: SoundCue = {
    id: `sound-${n}`,
    kind,
    at: Date.UTC(2026, 10, 29, 1, 0, n),
    volume: 70,
  };
  for (const listener of [...listeners]) listener(payload);
  await settle();
};

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** A main tab of the desk: its own page events, audio output and turn, on `locks`. */
function mainTab(locks: FakeLockManager, tab: string, name: string | Promise<string> = 'launch-1') {
  const page = new EventTarget();
  const played: string[] = [];
  const changes: boolean[] = [];
  let alive = true;
  const turn = takeSoundTurns({
    locks: locks.forTab(tab),
    name,
    page,
    changed: (playing) => changes.push(playing),
  });
  const stop = connectSoundCues(urls, {
    turn,
    sink: {
      play: (url) => {
        if (alive) played.push(url);
        return Promise.resolve();
      },
    },
  });
  stops.push(stop);
  return {
    played,
    changes,
    turn,
    /** The operator clicks in this tab. */
    use: async () => {
      page.dispatchEvent(new Event('pointerdown'));
      await settle();
    },
    /** The tab crashes: nothing of it runs any more, and the browser releases its lock. */
    crash: async () => {
      alive = false;
      locks.gone(tab);
      await settle();
    },
    /** The tab closes: its page stops following (the browser releases its lock too). */
    close: async () => {
      stop();
      locks.gone(tab);
      await settle();
    },
  };
}

describe('the sound cues of one desk with several main pages', () => {
  it('plays each cue in one page: the one used last, then another when it closes or crashes', async () => {
    const locks = new FakeLockManager();
    const a = mainTab(locks, 'A');
    await settle();
    const b = mainTab(locks, 'B');
    await settle();
    // The first page plays; the second waits.
    await push();
    expect([a.played.length, b.played.length]).toEqual([1, 0]);
    expect([a.turn.playing(), b.turn.playing()]).toEqual([true, false]);

    // The operator clicks in the second tab: it plays from then on, the first waits.
    await b.use();
    await push();
    expect([a.played.length, b.played.length]).toEqual([1, 1]);
    // Using the page that plays changes nothing.
    await b.use();
    await push();
    expect([a.played.length, b.played.length]).toEqual([1, 2]);

    // The playing tab crashes (nothing of it runs any more): the first plays the next cue.
    await b.crash();
    await push('longPause');
    expect([a.played.length, b.played.length]).toEqual([2, 2]);
    expect(a.changes).toEqual([true, false, true]);

    // A third tab, used last, then closed: the first plays again.
    const c = mainTab(locks, 'C');
    await c.use();
    await push();
    expect([a.played.length, c.played.length]).toEqual([2, 1]);
    await c.close();
    await push();
    expect([a.played.length, c.played.length]).toEqual([3, 1]);
    expect(locks.holder('launch-1')).toBe('A');
  });

  it('gives the turn on when a page stops following, and never plays after', async () => {
    const locks = new FakeLockManager();
    const a = mainTab(locks, 'A');
    await settle();
    const b = mainTab(locks, 'B');
    await settle();
    a.turn.stop();
    await settle();
    expect(locks.holder('launch-1')).toBe('B');
    await a.use();
    await push();
    expect([a.played.length, b.played.length]).toEqual([0, 1]);
  });

  it('keeps the turns of two launches apart: a tab of an earlier launch holds no turn of this one', async () => {
    const locks = new FakeLockManager();
    const earlier = lockName('secret-of-the-launch-before');
    const now = lockName('secret-of-this-launch');
    expect(await earlier).not.toBe(await now);
    expect(await now).toBe(await lockName('secret-of-this-launch'));
    expect(await now).not.toContain('secret');
    const stale = mainTab(locks, 'old tab', earlier);
    await settle();
    const tab = mainTab(locks, 'new tab', now);
    await settle();
    expect([stale.turn.playing(), tab.turn.playing()]).toEqual([true, true]);
    expect(locks.holder(await now)).toBe('new tab');
  });

  it('plays where there is no lock manager to share (the desktop app’s one main window)', async () => {
    const page = new EventTarget();
    const turn = takeSoundTurns({ locks: undefined, name: 'launch-1', page });
    expect(turn.playing()).toBe(true);
    const played: string[] = [];
    stops.push(
      connectSoundCues(urls, {
        turn,
        sink: { play: (url) => (played.push(url), Promise.resolve()) },
      }),
    );
    await push('tokenRefused');
    expect(played).toEqual([urls.tokenRefused]);
  });
});
