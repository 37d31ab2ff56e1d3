/**
 * Bench section `event-day`: an operator keeps OnAir Desk open through a
 * live event that runs all day, on a platform having a bad day.
 *
 * The sandbox runs in its own process with `--state` and faults on from the start (answers
 * 80–250 ms late, 2 % server errors, 2 % dropped connections); the browser host runs in its
 * own process on it (`ONAIR_SANDBOX_INFO`), and Chromium opens the app. For
 * `EVENT_DAY_MINUTES` (default 30) the operator keeps the control room on an on-air
 * broadcast and sends a command every 20 s through the UI, visits the schedule every 3 min
 * and queues three uploads; meanwhile the platform throws one 429 burst, revokes the app's
 * token (the operator types a new one into the banner) and restarts on the same port with
 * its state (the app is not restarted). Figures: bench/event-day-report.ts.
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { makeVideo } from '../e2e/media';
import { RendererMemory, startEventDayHost, type HostProcess } from './event-day-host';
import { commandCycle, Operator, type CommandOutcome } from './event-day-operator';
import { findFocusBroadcast, PlatformProcess } from './event-day-platform';
import { reportEventDay, type EventDayRun, type MemorySample } from './event-day-report';
import { oldestFigures, readFailure, ScreenWatch } from './event-day-watch';
import { sized, type BenchSection } from './section';

const root = fileURLToPath(new URL('..', import.meta.url));
const second = 1_000;
const minute = 60 * second;
const commandEveryMs = 20 * second;
const memoryEveryMs = 30 * second;
/** How long the sandbox stays down between stop and start, so the outage is visible. */
const outageHoldMs = sized(10, 2) * second;

/** One thing that happens at a time of the day (ms since the run began). */
interface Happening {
  atMs: number;
  name: string;
}

export const eventDaySection: BenchSection = {
  id: 'event-day',
  title: 'Event day: the control room open all day on a faulty platform (EVENT_DAY_MINUTES)',
  // Half an hour by default: only when asked for by name.
  onlyWhenNamed: true,
  async run() {
    const minutes = Number(process.env.EVENT_DAY_MINUTES ?? sized(30, 0.5));
    if (!Number.isFinite(minutes) || minutes < sized(3, 0.5))
      throw new Error(
        `EVENT_DAY_MINUTES must be at least 3, not "${process.env.EVENT_DAY_MINUTES}"`,
      );
    await build();
    const dir = await mkdtemp(join(tmpdir(), 'onair-event-day-'));
    const platform = new PlatformProcess(join(dir, 'sandbox-state.json'));
    let host: HostProcess | null = null;
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    try {
      const files = await makeUploads(dir);
      const info = await platform.start();
      const focus = await findFocusBroadcast(info);
      await platform.clearCounts();
      host = await startEventDayHost(info, join(dir, 'data'));
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const consoleErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text());
      });
      page.on('pageerror', (error) => consoleErrors.push(error.message));
      await page.goto(host.url);
      const operator = new Operator(page, focus.channelTitle);
      await operator.focus();
      const run = await runDay(
        page,
        operator,
        platform,
        host,
        files,
        minutes * minute,
        info.tokens.super_admin,
      );
      return reportEventDay({ ...run, minutes, consoleErrors });
    } finally {
      await browser.close();
      await host?.stop();
      await platform.stop();
      await rm(dir, { recursive: true, force: true });
    }
  },
};

/** The day itself: the operator's loop, the platform's events, memory readings. */
async function runDay(
  page: Page,
  operator: Operator,
  platform: PlatformProcess,
  host: HostProcess,
  files: string[],
  durationMs: number,
  firstToken: string,
): Promise<Omit<EventDayRun, 'minutes' | 'consoleErrors'>> {
  const began = performance.now();
  const now = () => performance.now() - began;
  const watch = new ScreenWatch(page, began);
  watch.start();
  const renderer = await RendererMemory.attach(page);
  const memory: MemorySample[] = [];
  const readMemory = async () => {
    const atMs = Math.round(now());
    const main = await host.memory();
    memory.push({
      atMs,
      mainRssBytes: main.rssBytes,
      mainHeapBytes: main.heapUsedBytes,
      rendererHeapBytes: await renderer.usedHeapBytes(),
    });
  };
  await readMemory();
  let running = true;
  const memoryLoop = (async () => {
    while (running) {
      await sleep(memoryEveryMs);
      if (running) await readMemory().catch(() => undefined);
    }
  })();

  // The floors keep each happening clear of the previous one's effects; smoke mode drops them.
  const at = (fraction: number, floorMs: number) =>
    Math.max(sized(floorMs, 0), Math.round(durationMs * fraction));
  const burst: Happening = { atMs: at(0.3, 65 * second), name: '429 burst' };
  const revoke: Happening = { atMs: at(0.4, 80 * second), name: 'token revoked' };
  const restart: Happening = { atMs: at(0.6, 100 * second), name: 'sandbox restart' };
  const operatorPlan: (Happening & { act: () => Promise<void> })[] = [
    ...files.map((file, i) => ({
      atMs: at((i + 1) / (files.length + 1), 30 * second),
      name: `upload ${i + 1}`,
      act: () => operator.upload(file),
    })),
    ...scheduleVisits(durationMs).map((atMs) => ({
      atMs,
      name: 'schedule',
      act: () => operator.visitSchedule(),
    })),
  ].sort((a, b) => a.atMs - b.atMs);

  // What happened when (wall clock, UTC), to read the sandbox's per-minute counts against.
  const happenings: { name: string; at: string }[] = [];
  const happened = (name: string) => happenings.push({ name, at: new Date().toISOString() });
  const commands: CommandOutcome[] = [];
  const sendCommand = async () => {
    const kind = commandCycle[commands.length % commandCycle.length] ?? 'rename';
    commands.push(await operator.command(kind, Math.round(now())));
  };

  // The platform's side runs beside the operator, as it would.
  let restartReading = { stopMs: 0, backMs: 0 };
  const platformFailure: { error: Error | null } = { error: null };
  const platformEvents = (async () => {
    await sleep(burst.atMs - now());
    await platform.setFaults({ burst429: 5, retryAfterS: 2 });
    happened('429 burst set (5 calls per account, Retry-After 2 s)');
    await sleep(restart.atMs - now());
    const stopMs = now();
    happened('sandbox stopping');
    await platform.stop();
    await sleep(outageHoldMs);
    await platform.start();
    happened('sandbox back');
    restartReading = { stopMs, backMs: now() };
  })().catch((error: unknown) => {
    // Kept for the end of the day: an early rejection must not end the bench unreported.
    platformFailure.error = error instanceof Error ? error : new Error(String(error));
  });

  const token = { bannerAfterMs: null as number | null, renewed: false };
  let revoked = false;
  let nextCommandMs = commandEveryMs;
  while (now() < durationMs) {
    if (!revoked && now() >= revoke.atMs) {
      revoked = true;
      const from = now();
      await platform.revokeToken(firstToken);
      happened('token revoked');
      if (await operator.waitForTokenBanner(60 * second)) {
        token.bannerAfterMs = Math.round(now() - from);
        // One command while the token is refused: it must be refused in words, not hang.
        await sendCommand();
        happened('new token typed into the banner');
        token.renewed = await operator.renewToken(await platform.issueToken());
      }
    }
    const due = operatorPlan[0];
    if (due !== undefined && now() >= due.atMs) {
      operatorPlan.shift();
      happened(due.name);
      await due.act().catch((error: unknown) => {
        process.stderr.write(`event-day: ${due.name} failed: ${String(error).split('\n')[0]}\n`);
        return operator.focus().catch(() => undefined);
      });
    }
    if (now() >= nextCommandMs) {
      await sendCommand();
      // Behind (an upload or a schedule visit kept the operator away): send now, then every 20 s.
      nextCommandMs = Math.max(nextCommandMs + commandEveryMs, now());
    }
    await sleep(250);
  }
  running = false;
  await platformEvents;
  if (platformFailure.error !== null) throw platformFailure.error;
  await memoryLoop;
  await readMemory();
  await watch.stop();
  const uploads = await operator.uploadStates().catch(() => []);
  const failure = readFailure(watch.samples, restartReading.stopMs, restartReading.backMs);
  return {
    memory,
    commands,
    calls: await platform.allCounts(),
    oldestFirstMinute: oldestFigures(watch.samples, 0, minute),
    oldestAllDay: oldestFigures(watch.samples, 0, durationMs),
    restart: {
      ...failure,
      downMs: Math.round(restartReading.backMs - restartReading.stopMs),
      appRestarted: host.child.exitCode !== null,
    },
    token,
    uploads,
    happenings,
    beganAt: new Date(Date.now() - now()).toISOString(),
  };
}

/** Every 3 min from 1.5 min, so even a 3-minute run visits once. */
function scheduleVisits(durationMs: number): number[] {
  const out: number[] = [];
  for (let atMs = 90 * second; atMs < durationMs - 20 * second; atMs += 3 * minute) out.push(atMs);
  return out;
}

/** Three short videos (ffmpeg) to upload as VOD content. */
async function makeUploads(dir: string): Promise<string[]> {
  const first = join(dir, 'event-day-clip-1.mp4');
  await makeVideo(first, 3);
  const names = [first, join(dir, 'event-day-clip-2.mp4'), join(dir, 'event-day-clip-3.mp4')];
  for (const name of names.slice(1)) await copyFile(first, name);
  return names;
}

async function build(): Promise<void> {
  // The smoke test builds once for every section (bench/bench-smoke.test.ts).
  if (process.env.BENCH_BUILT === '1') return;
  const child = spawn('npx', ['electron-vite', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`the build failed:\n${stderr}`);
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, Math.max(0, ms)));
}
