/**
 * The event-day bench's eyes on the focused broadcast: once a second it reads what the
 * control room shows about how fresh its figures are:
 * - the broadcast panel's "Broadcast state fetched HH:MM:SS UTC" (the focused poll);
 * - the Viewers and Chat participants cards' "updated N s ago" labels;
 * - a stale marker: an element with `data-stale`, a `stale` class, or the word "stale" in
 *   the panel (what a view that says "these figures are old, and why" would show);
 * - the banner asking for a new token.
 * From the samples it answers: how old a figure got (overall, and in the first minute), how
 * long after a failure began the view said so, and how long after the platform came back
 * the focused broadcast was fresh again.
 */
import type { Page } from '@playwright/test';

/** One look at the screen; ages in s, null when not on screen. */
export interface ScreenSample {
  /** Since the run began, in ms. */
  atMs: number;
  /** Age of the broadcast state on screen (from its fetched time), s. */
  broadcastAgeS: number | null;
  viewersAgeS: number | null;
  participantsAgeS: number | null;
  /** The panel says its figures are stale. */
  staleShown: boolean;
  tokenBanner: boolean;
}

/** Samples the page every `everyMs` until stopped. */
export class ScreenWatch {
  readonly samples: ScreenSample[] = [];
  readonly #page: Page;
  readonly #began: number;
  #running = true;
  #loop: Promise<void> = Promise.resolve();

  /** @param began `performance.now()` at the run's start. */
  constructor(page: Page, began: number) {
    this.#page = page;
    this.#began = began;
  }

  start(everyMs = 1_000): void {
    this.#loop = (async () => {
      while (this.#running) {
        const sample = await this.#look().catch(() => null);
        if (sample !== null) this.samples.push(sample);
        await new Promise((done) => setTimeout(done, everyMs));
      }
    })();
  }

  async stop(): Promise<void> {
    this.#running = false;
    await this.#loop;
  }

  async #look(): Promise<ScreenSample> {
    const atMs = Math.round(performance.now() - this.#began);
    const seen = await this.#page.evaluate<Seen>(lookScript);
    return {
      atMs,
      broadcastAgeS: fetchedAgeS(seen.fetched, Date.now()),
      viewersAgeS: agoS(seen.viewers),
      participantsAgeS: agoS(seen.participants),
      staleShown: seen.staleShown,
      tokenBanner: seen.tokenBanner,
    };
  }
}

/** What `lookScript` reads from the page. */
interface Seen {
  fetched: string | null;
  viewers: string | null;
  participants: string | null;
  staleShown: boolean;
  tokenBanner: boolean;
}

/**
 * Run in the page as text: a function passed from here would be rewritten by the bench's
 * TypeScript loader (named helpers the page does not have).
 */
const lookScript = `(() => {
  const text = (selector) => document.querySelector(selector)?.textContent ?? null;
  const panel = document.querySelector('section.stage article.panel');
  const staleShown =
    panel !== null &&
    (panel.querySelector('[data-stale], .stale') !== null ||
      /\\bstale\\b/i.test(panel.textContent ?? ''));
  return {
    fetched: text('section.stage article.panel p.fresh'),
    viewers: text('[data-testid="viewers-updated"]'),
    participants: text('[data-testid="participants-updated"]'),
    staleShown,
    tokenBanner: document.getElementById('renew-token') !== null,
  };
})()`;

/** What the samples say about a window in which the platform failed. */
export interface FailureReading {
  /** From the failure's start to the first sample showing a stale marker, ms; null: never. */
  staleShownAfterMs: number | null;
  /** From the platform's return to the first sample with a fresh broadcast state, ms. */
  freshAfterMs: number | null;
  /** Oldest the broadcast state got on screen in the window and until fresh, s. */
  longestBroadcastAgeS: number | null;
}

/**
 * Reads a failure from `fromMs` to `backMs` (ms since the run began). "Fresh" means the
 * broadcast state on screen was fetched after the platform came back.
 */
export function readFailure(
  samples: ScreenSample[],
  fromMs: number,
  backMs: number,
): FailureReading {
  const during = samples.filter((s) => s.atMs >= fromMs);
  const stale = during.find((s) => s.staleShown && s.atMs <= backMs + 60_000);
  const fresh = during.find(
    (s) =>
      s.atMs > backMs &&
      s.broadcastAgeS !== null &&
      s.atMs - s.broadcastAgeS * 1000 >= backMs - 1000,
  );
  const until = fresh?.atMs ?? Number.POSITIVE_INFINITY;
  const ages = during
    .filter((s) => s.atMs <= until)
    .map((s) => s.broadcastAgeS)
    .filter((age): age is number => age !== null);
  return {
    staleShownAfterMs: stale === undefined ? null : stale.atMs - fromMs,
    freshAfterMs: fresh === undefined ? null : fresh.atMs - backMs,
    longestBroadcastAgeS: ages.length === 0 ? null : Math.max(...ages),
  };
}

/** The oldest each figure got between `fromMs` and `toMs`, s (null: never on screen). */
export function oldestFigures(
  samples: ScreenSample[],
  fromMs: number,
  toMs: number,
): { broadcast: number | null; viewers: number | null; participants: number | null } {
  const window = samples.filter((s) => s.atMs >= fromMs && s.atMs <= toMs);
  const oldest = (pick: (s: ScreenSample) => number | null) => {
    const ages = window.map(pick).filter((age): age is number => age !== null);
    return ages.length === 0 ? null : Math.max(...ages);
  };
  return {
    broadcast: oldest((s) => s.broadcastAgeS),
    viewers: oldest((s) => s.viewersAgeS),
    participants: oldest((s) => s.participantsAgeS),
  };
}

/** "Broadcast state fetched 16:40:12 UTC" seen at `nowMs` → its age in s (same UTC day or the one before). */
function fetchedAgeS(text: string | null, nowMs: number): number | null {
  const match = /(\d\d):(\d\d):(\d\d)\s*UTC/.exec(text ?? '');
  if (!match) return null;
  const [, h, m, s] = match.map(Number);
  const day = Math.floor(nowMs / 86_400_000) * 86_400_000;
  let at = day + ((h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0)) * 1000;
  // Fetched just before midnight UTC, seen just after.
  if (at > nowMs + 5_000) at -= 86_400_000;
  return Math.max(0, Math.round((nowMs - at) / 1000));
}

/** "updated just now" / "updated 12 s ago" / "updated 3 min ago" → s. */
function agoS(text: string | null): number | null {
  if (text === null) return null;
  if (/just now/.test(text)) return 0;
  const seconds = /(\d+)\s*s ago/.exec(text);
  if (seconds) return Number(seconds[1]);
  const minutes = /(\d+)\s*min ago/.exec(text);
  return minutes ? Number(minutes[1]) * 60 : null;
}
