/**
 * Which page of the desk plays its sound cues. Main pushes each `sound.cue` to every page of the
 * desk; the browser host may serve several main pages (tabs) at once, and each would play it.
 * The main pages of one launch therefore take turns through the browser's Web Locks API
 * (`navigator.locks`): the page holding the launch's lock plays, the others wait in its queue.
 * - The page the operator last used (pressed a pointer or a key in) takes the lock over
 *   (`steal`): a browser lets a page play sound once the operator used it, and that page is the
 *   likeliest to be heard. The page it took the lock from queues again.
 * - A page that closes, reloads or crashes loses the lock with its document (the browser releases
 *   it), and the page first in the queue plays from then on: the desk is never silent while one
 *   of its main pages is open, and plays each cue once however many are.
 * - The lock's name carries a digest of the launch (`lockName`): a tab left open from an earlier
 *   launch on the same address, which hears nothing now, cannot hold the new launch's turn.
 * Where there is no Web Locks API (the desktop app's one main window, a browser without it), the
 * page plays: a cue heard twice is better than none.
 */

/** The part of the Web Locks API (`navigator.locks`) that the turn uses. */
export interface TurnLocks {
  request(
    name: string,
    options: { steal?: boolean; signal?: AbortSignal },
    callback: () => Promise<void> | void,
  ): Promise<unknown>;
}

/** Whether this page plays the desk's sound cues, and how it stops taking turns. */
export interface SoundTurn {
  /** True while this page plays the cues (it holds the lock, or there are no locks). */
  playing(): boolean;
  /** Gives the turn up (the next page in the queue plays) and leaves the queue. */
  stop(): void;
}

/** A turn that always plays: one main window, or no Web Locks API to share with. */
export const alwaysPlaying: SoundTurn = { playing: () => true, stop: () => undefined };

/** The events that say the operator used the page (a browser's user activation). */
const usedEvents = ['pointerdown', 'keydown'] as const;

/**
 * Takes part in the turn of the main pages named `name` (see {@link lockName}): queues for the
 * lock at once, and takes it over each time the operator uses this page (`page`'s pointer and
 * key presses). Never throws: a lock request the browser refuses leaves this page playing.
 * @param options.changed told each time this page starts or stops playing.
 */
export function takeSoundTurns(options: {
  locks: TurnLocks | undefined;
  name: string | Promise<string>;
  page: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  changed?: (playing: boolean) => void;
}): SoundTurn {
  const { locks } = options;
  if (!locks) return alwaysPlaying;
  let name: string | null = null;
  let held = false;
  let refused = false;
  let stopped = false;
  /** The latest request of this page; an older one's end is no news. */
  let ticket = 0;
  let waiting: AbortController | null = null;
  let release: (() => void) | null = null;

  const set = (now: boolean) => {
    if (held === now) return;
    held = now;
    options.changed?.(now);
  };

  const request = (steal: boolean) => {
    if (stopped || name === null) return;
    const mine = ++ticket;
    // Only one request of this page at a time: a steal leaves the queue first.
    waiting?.abort();
    waiting = steal ? null : new AbortController();
    const lockOptions = waiting ? { signal: waiting.signal } : { steal: true };
    const ended = (error?: unknown) => {
      if (mine !== ticket) return;
      release = null;
      set(false);
      // Taken over by another page (AbortError): wait for the next turn. Anything else means
      // the browser will not share: play, rather than stay silent.
      if (error !== undefined && !(error instanceof DOMException && error.name === 'AbortError'))
        refused = true;
      else request(false);
    };
    try {
      locks
        .request(name, lockOptions, () => {
          if (mine !== ticket || stopped) return;
          set(true);
          return new Promise<void>((resolve) => (release = resolve));
        })
        .then(
          () => ended(),
          (error: unknown) => ended(error),
        );
    } catch {
      refused = true;
    }
  };

  /** Whether the operator used the page before the lock's name was known. */
  let usedEarly = false;
  const used = () => {
    if (name === null) usedEarly = true;
    else if (!held) request(true);
  };
  for (const event of usedEvents) options.page.addEventListener(event, used, true);
  void Promise.resolve(options.name).then(
    (resolved) => {
      name = resolved;
      request(usedEarly);
    },
    () => (refused = true),
  );

  return {
    playing: () => held || refused,
    stop() {
      if (stopped) return;
      stopped = true;
      ticket++;
      for (const event of usedEvents) options.page.removeEventListener(event, used, true);
      waiting?.abort();
      release?.();
      set(false);
    },
  };
}

/**
 * The lock's name for the launch whose secret is `launchSecret`: a SHA-256 digest of it (never
 * the secret itself), the same in every tab of that launch.
 */
export async function lockName(launchSecret: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(launchSecret));
  const hex = Array.from(new Uint8Array(digest).slice(0, 8), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  return `onair-desk.sound-cues.${hex}`;
}
