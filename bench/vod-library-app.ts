/**
 * The app side of bench section `vod-library`: OnAir Desk (browser host, its own process, in
 * Chromium) on a sandbox seeded with a library of N contents, at the platform's real pace
 * (60 calls a minute, 1 s apart). It measures:
 * - opening the Library: cold (no saved state: the first page comes from the platform),
 *   after a restart (the saved state of persist.ts), and again within a session;
 * - a keyword search: the platform calls it costs (the list's search box when it has one,
 *   else the list's own read, `content.list` with a keyword);
 * - the operator's commands while the list pages through the library at `view` priority,
 *   against the same commands on an idle app: the control room's `broadcast.rename` (live
 *   scheduler) and the Library's own `content.setEnabled` (VOD scheduler, the one the pages
 *   share; docs/dev/architecture.md, "The API budget": a command waits at most one spacing slot).
 */
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { startHost } from '../e2e/host';
import { startSandbox, type SandboxHandle } from '../src-main/sandbox/index';
import { en } from '../src-main/shared/i18n/en';
import { sized } from './section';

/** Figures of one library size. */
export interface AppFigures {
  contents: number;
  /** Library opened with nothing saved: click to first row (or to the list's answer when empty), ms. */
  coldOpenMs: number[];
  /** Library opened right after a restart, with the saved state, ms. */
  restartOpenMs: number[];
  /** Library opened again in the same session, ms. */
  reopenMs: number[];
  /** VOD calls one keyword search cost, and whether it went through a search box. */
  search: { calls: number; viaSearchBox: boolean; found: number };
  /** `broadcast.rename` round trips with nothing else going on, ms. */
  commandIdleMs: number[];
  /** The same while the list reads page after page at `view` priority, ms. */
  commandScrollingMs: number[];
  /** `content.setEnabled` (VOD) round trips with nothing else going on, ms (empty: no content). */
  vodCommandIdleMs: number[];
  /** The same while the list reads page after page on the same VOD scheduler, ms. */
  vodCommandScrollingMs: number[];
  /** Pages read while scrolling, and how long that took, ms. */
  scroll: { pages: number; ms: number };
}

/** The empty library's message (en catalogue, `libraryView.list.empty`). */
const emptyLibraryText = en.libraryView.list.empty;
const openings = sized(8, 1);
const commands = sized(12, 2);
const commandEveryMs = 1_300;
/** Pages of 100 the scroll reads at most (the whole library would be 100 at 1 s each). */
const maxScrollPages = sized(30, 2);

/** Runs the app on a library of `contents` and measures it. */
export async function measureApp(
  browser: Browser,
  contents: number,
  dir: string,
): Promise<AppFigures> {
  const sandbox = await startSandbox({ seed: 1, rateLimit: true, vodContents: contents });
  const newestContent = await newestOf(sandbox);
  const newest = newestContent?.title ?? null;
  const dataDir = join(dir, `data-${contents}`);
  const host = await startHost(sandbox, dataDir);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  try {
    const rpc = rpcOf(host.url);
    // What the operator sees once the list has its answer: the newest content's row, or the
    // empty library's message (the answer may come from the saved state or the opening's
    // prefetch, so no particular response is waited for).
    const shown =
      newest === null
        ? page.getByRole('main').getByText(emptyLibraryText, { exact: true })
        : page.getByRole('main').getByRole('option', { name: newest, exact: true }).first();
    const open = async (): Promise<number> => {
      const began = performance.now();
      await page.getByRole('button', { name: 'Library', exact: true }).click();
      await shown.waitFor();
      return performance.now() - began;
    };
    const load = async (keepSaved: boolean): Promise<void> => {
      await page.goto('about:blank');
      // A save the page sent as it went away may still be landing.
      await sleep(1_000);
      const file = join(dataDir, 'cache.sandbox.json');
      if (keepSaved) await waitForFile(file);
      else await rm(file, { force: true });
      await page.goto(host.url);
      await page.getByRole('button', { name: 'Library', exact: true }).waitFor();
    };
    const figures: AppFigures = {
      contents,
      coldOpenMs: [],
      restartOpenMs: [],
      reopenMs: [],
      search: { calls: 0, viaSearchBox: false, found: 0 },
      commandIdleMs: [],
      commandScrollingMs: [],
      vodCommandIdleMs: [],
      vodCommandScrollingMs: [],
      scroll: { pages: 0, ms: 0 },
    };
    for (let i = 0; i < openings; i += 1) {
      await load(false);
      figures.coldOpenMs.push(await open());
      await load(true);
      figures.restartOpenMs.push(await open());
      await page.getByRole('button', { name: 'Uploads', exact: true }).click();
      figures.reopenMs.push(await open());
    }
    figures.search = await search(page, sandbox, rpc);
    const broadcastKey = await onAirBroadcast(rpc);
    const pages = Math.min(maxScrollPages, Math.ceil(contents / 100));
    figures.commandIdleMs = await repeat(renameOf(rpc, broadcastKey), null);
    const scrolling = scrollThrough(rpc, pages);
    figures.commandScrollingMs = await repeat(renameOf(rpc, broadcastKey), scrolling.done);
    figures.scroll = await scrolling.result;
    if (newestContent !== null) {
      const toggle = await toggleOf(rpc, newestContent.key);
      figures.vodCommandIdleMs = await repeat(toggle, null);
      const again = scrollThrough(rpc, pages);
      figures.vodCommandScrollingMs = await repeat(toggle, again.done);
      await again.result;
    }
    return figures;
  } finally {
    await page.close();
    host.child.kill('SIGTERM');
    await new Promise((done) => host.child.once('exit', done));
    await sandbox.close();
  }
}

type Rpc = (command: string, input: object) => Promise<unknown>;

/** Calls a command of the browser host as the page does (`POST /rpc/<command>`). */
function rpcOf(url: string): Rpc {
  const { origin, hash } = new URL(url);
  const secret = /k=([A-Za-z0-9_-]+)/.exec(hash)?.[1] ?? '';
  return async (command, input) => {
    const response = await fetch(`${origin}/rpc/${command}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${secret}`,
        'X-Desk-Client': 'bench-vod-library',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ input }),
    });
    const answer = (await response.json()) as { ok: boolean; data?: unknown; error?: unknown };
    if (!answer.ok) throw new Error(`${command}: ${JSON.stringify(answer.error)}`);
    return answer.data;
  };
}

/** The content the Library lists first (newest), or null for an empty library. */
async function newestOf(sandbox: SandboxHandle): Promise<{ key: string; title: string } | null> {
  const url = new URL(`${sandbox.info.vod_base_url}/media-contents?per_page=1`);
  url.searchParams.set('access_token', sandbox.info.vod_access_token);
  const body = (await (await fetch(url)).json()) as {
    data: { upload_file_key: string; title: string }[];
  };
  const first = body.data[0];
  return first ? { key: first.upload_file_key, title: first.title } : null;
}

/** VOD calls the sandbox received so far (any answer). */
function vodCalls(sandbox: SandboxHandle): number {
  return sandbox.calls
    .counts()
    .filter((count) => count.account.startsWith('vod:'))
    .reduce((sum, count) => sum + count.calls, 0);
}

/**
 * Types a keyword into the contents list's search box (found by its accessible name, not by
 * position: the Library has other search boxes) and counts the VOD calls it cost once the
 * list's read with that keyword answered. Works on an empty library too (0 found).
 */
async function search(page: Page, sandbox: SandboxHandle, rpc: Rpc): Promise<AppFigures['search']> {
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  const box = page.getByRole('main').getByRole('searchbox', { name: 'Search contents' });
  // Reads the Library's opening queued (categories, channels: 1 s apart) are not the search's.
  const before = await quiet(sandbox);
  if ((await box.count()) > 0) {
    await box.fill('lecture');
    // The search has answered once the list shows only matches (or says none match) and
    // is no longer loading; then the calls a debounce or a second page would still send.
    const main = page.getByRole('main');
    await main
      .getByRole('option', { name: /Lecture \d+/ })
      .first()
      .or(main.getByText(en.libraryView.list.noMatch, { exact: true }))
      .waitFor();
    await main.getByText(en.libraryView.list.loading, { exact: true }).waitFor({ state: 'hidden' });
    await quiet(sandbox);
    const found = await main.getByRole('option', { name: /Lecture \d+/ }).count();
    return { calls: vodCalls(sandbox) - before, viaSearchBox: true, found };
  }
  const answer = (await rpc('content.list', { keyword: 'lecture', perPage: 100 })) as {
    data: { total: number };
  };
  return { calls: vodCalls(sandbox) - before, viaSearchBox: false, found: answer.data.total };
}

/** Waits until the sandbox has seen no VOD call for 2.5 s; returns the count then. */
async function quiet(sandbox: SandboxHandle): Promise<number> {
  let count = vodCalls(sandbox);
  for (let still = 0; still < 5;) {
    await sleep(500);
    const now = vodCalls(sandbox);
    still = now === count ? still + 1 : 0;
    count = now;
  }
  return count;
}

async function onAirBroadcast(rpc: Rpc): Promise<{ key: string; title: string }> {
  const list = (await rpc('channels.list', { order: 'id_desc' })) as {
    data: { items: { onAir: boolean; latestBroadcast: { key: string; title: string } | null }[] };
  };
  const live = list.data.items.find((item) => item.onAir && item.latestBroadcast !== null);
  if (!live?.latestBroadcast) throw new Error('the sandbox has no broadcast on air');
  return live.latestBroadcast;
}

/** One operator command and how to put things back afterwards. */
interface BenchCommand {
  send: (i: number) => Promise<unknown>;
  restore: () => Promise<unknown>;
}

/** Renames the broadcast back and forth (live scheduler, `command` priority). */
function renameOf(rpc: Rpc, broadcast: { key: string; title: string }): BenchCommand {
  return {
    send: (i) =>
      rpc('broadcast.rename', {
        broadcastKey: broadcast.key,
        title: i % 2 === 0 ? `${broadcast.title} (bench)` : broadcast.title,
      }),
    restore: () => rpc('broadcast.rename', { broadcastKey: broadcast.key, title: broadcast.title }),
  };
}

/**
 * Disables and enables a content (VOD scheduler, `command` priority), from its state now
 * (read once here, not timed); `restore` puts that state back.
 */
async function toggleOf(rpc: Rpc, uploadFileKey: string): Promise<BenchCommand> {
  const read = (await rpc('content.get', { uploadFileKey })) as { data: { status: string } };
  const initially = read.data.status !== 'disabled';
  let enabled = initially;
  const set = async (next: boolean) => {
    await rpc('content.setEnabled', { uploadFileKey, enabled: next });
    enabled = next;
  };
  return {
    send: () => set(!enabled),
    restore: async () => {
      if (enabled !== initially) await set(initially);
    },
  };
}

/** `commands` sends, one every `commandEveryMs` (or until `until` settles), ms each. */
async function repeat(command: BenchCommand, until: Promise<void> | null): Promise<number[]> {
  let over = false;
  void until?.then(() => (over = true));
  const times: number[] = [];
  for (let i = 0; i < commands && !over; i += 1) {
    const began = performance.now();
    await command.send(i);
    const took = performance.now() - began;
    times.push(took);
    await sleep(commandEveryMs - took);
  }
  await command.restore();
  return times;
}

/** Reads `pages` pages of 100 one after the other, as a list scrolled to its end would. */
function scrollThrough(
  rpc: Rpc,
  pages: number,
): { done: Promise<void>; result: Promise<AppFigures['scroll']> } {
  const began = performance.now();
  const result = (async () => {
    for (let page = 1; page <= Math.max(1, pages); page += 1)
      await rpc('content.list', { page, perPage: 100 });
    return { pages: Math.max(1, pages), ms: Math.round(performance.now() - began) };
  })();
  return { done: result.then(() => undefined), result };
}

async function waitForFile(path: string): Promise<void> {
  for (let i = 0; i < 50; i += 1) {
    if (
      await stat(path).then(
        () => true,
        () => false,
      )
    )
      return;
    await sleep(100);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, Math.max(0, ms)));
}
