/**
 * The studio specs' fixture: `desks` starts OnAir Desks on this machine (loopback only) as a
 * user would (`browser-cli.ts --json`, `host.ts`), each with a temp data folder, on the test's
 * sandbox and clock: a hub (`--host-studio`), a plain desk, or a seat that joins a hub with a
 * pairing code (`--join`). Every desk it started is stopped, and its folder removed, after the
 * test.
 */
import type { ChildProcess } from 'node:child_process';
import type { Browser, Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type PlatformProbe } from './fixtures';
import { spawnHost, type HostLine } from './host';

export { expect, type PlatformProbe } from './fixtures';

/** A desk the fixture started: its first line and its data folder. */
export interface Desk extends HostLine {
  dataDir: string;
}

/** The seat role a pairing code gives (`studio.newPairingCode`). */
export type SeatRole = 'operator' | 'observer';

/** Starts desks for one test; all stopped after it. */
export interface StudioDesks {
  /** A desk on the test's sandbox, with more flags of browser-cli.ts (`['--host-studio']`). */
  start(args?: readonly string[]): Promise<Desk>;
  /**
   * A desk that joins `hub` as a seat named `seatName` with the pairing code `code` (a seat
   * has no sandbox of its own: it reads through the hub).
   * @throws when `hub` hosts no studio.
   */
  join(hub: Desk, code: string, seatName: string): Promise<Desk>;
  /**
   * Runs `command` with `input` as the desk's own page would (its launch secret, the browser
   * host's `/rpc/`); answers its data.
   * @throws naming the command and the answer when it is refused.
   */
  call<T>(desk: Desk, command: string, input: unknown): Promise<T>;
  /** A fresh pairing code of `role` from the hub's page (`studio.newPairingCode`). */
  pairingCode(hub: Desk, role: SeatRole): Promise<string>;
  /**
   * Kills the desk's process at once (SIGKILL: a crash, nothing said to anyone); its folder is
   * still removed after the test. Resolves once it exited.
   */
  kill(desk: Desk): Promise<void>;
}

/** Where a studio spec's screen `name` goes: `test-results/screens/<name>.png`, full page. */
export const shots = (name: string) => ({
  path: `test-results/screens/${name}.png`,
  fullPage: true,
});

/** An on-air channel of the sandbox's live API, as its list answers it. */
export interface LiveChannel {
  key: string;
  title: string;
  latest_broadcast: { key?: string };
}

/**
 * The first channel on air with a broadcast, read from the sandbox as a second client.
 * @throws when the seed has none on air.
 */
export async function onAirChannel(platform: PlatformProbe): Promise<LiveChannel> {
  const list = await platform.get<{ data: LiveChannel[] }>(
    '/channels?live_status=onair&per_page=100',
  );
  const channel = list.data.find((c) => c.latest_broadcast.key);
  if (!channel) throw new Error('the sandbox seed has no channel on air');
  return channel;
}

/** Focuses the channel titled `title` in the control room's channel list, in en or ko. */
export async function focusChannel(page: Page, title: string): Promise<void> {
  await page
    .getByRole('listbox', { name: /^(Live channels|라이브 채널 리스트)$/ })
    .getByRole('option', { name: new RegExp(title) })
    .click();
}

/** Opens Settings → Studio on `page`, the buttons and dialog named in the page's language. */
export async function openStudio(page: Page, settings: string, studio: string): Promise<void> {
  await page.getByRole('button', { name: settings, exact: true }).click();
  await page.getByTestId('open-studio').click();
  await expect(page.getByRole('dialog', { name: studio })).toBeVisible();
}

/**
 * The studio screen of the desk at `url` in Korean, in a browser context of its own whose
 * clock starts at `clockNow` (ms since the epoch, the test's virtual clock); saved as `name`.
 */
export async function koreanShot(
  browser: Browser,
  url: string,
  name: string,
  clockNow: number,
): Promise<void> {
  const context = await browser.newContext({
    locale: 'ko-KR',
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await page.clock.install({ time: clockNow });
  await page.goto(url);
  await openStudio(page, '설정', '스튜디오');
  await page.screenshot(shots(name));
  await context.close();
}

/**
 * Runs `command` with `input` on the desk at `url` (its address with the launch secret in the
 * fragment) as that desk's own page would, and answers its `data`.
 *
 * Only for the other desks of a studio drill (a hub making a pairing code, a seat queuing a
 * file): what an operator would do at another machine, set up so the desk under test can be
 * driven through its page. The e2e rule against `/rpc` (eslint.config.js) is lifted here alone.
 * @throws when the desk answers `ok: false` (with its answer).
 */
export async function callDesk<T>(url: string, command: string, input: unknown): Promise<T> {
  const [base, secret] = url.split('#k=');
  // eslint-disable-next-line no-restricted-syntax -- another desk of the drill, not the one under test (above)
  const answer = await fetch(`${base}rpc/${command}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ input }),
  });
  const body = (await answer.json()) as { ok: boolean; data: T };
  if (!body.ok) throw new Error(`${command}: ${JSON.stringify(body)}`);
  return body.data;
}

/** The end-to-end fixtures and `desks`. */
export const test = base.extend<{ desks: StudioDesks }>({
  desks: async ({ sandbox, clock }, use) => {
    const started: { child: ChildProcess; dataDir: string }[] = [];
    const startDesk = async (args: readonly string[], withSandbox: boolean): Promise<Desk> => {
      const dataDir = await mkdtemp(join(tmpdir(), 'onair-studio-e2e-'));
      const spawned = spawnHost({
        ...(withSandbox ? { sandbox } : {}),
        dataDir,
        clockOffsetMs: clock.offsetMs,
        args,
      });
      const { child, line } = await spawned.catch(async (error: unknown) => {
        await rm(dataDir, { recursive: true, force: true });
        throw error;
      });
      started.push({ child, dataDir });
      return { ...line, dataDir };
    };
    const call = <T>(desk: Desk, command: string, input: unknown): Promise<T> =>
      callDesk<T>(desk.url, command, input);
    await use({
      start: (args = []) => startDesk(args, true),
      join: (hub, code, seatName) => {
        if (!hub.studio) throw new Error('that desk hosts no studio');
        const { url, fingerprint } = hub.studio;
        const args = ['--join', url, '--fingerprint', fingerprint, '--pairing-code', code];
        return startDesk([...args, '--seat-name', seatName], false);
      },
      call,
      pairingCode: async (hub, role) =>
        (await call<{ code: string }>(hub, 'studio.newPairingCode', { role })).code,
      kill: async (desk) => {
        const { child } = started.find((one) => one.dataDir === desk.dataDir) ?? {};
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGKILL');
        await exited;
      },
    });
    for (const { child, dataDir } of started) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    }
  },
});
