/**
 * Bench section `foreign`: one OnAir Desk beside a client it does not know of, on the same
 * service account (docs/dev/architecture.md, "The API budget": a good neighbour).
 *
 * The desk core runs in this process on the sandbox, the platform's rate limit on (60 calls a
 * minute, 1 s apart, per service account) and paced by it, with the control room's watches
 * open (the channel list and one focused on-air broadcast). A foreign client spends 30 calls a
 * minute on the same account at random moments (exponential gaps, seeded PRNG) and never
 * retries; an operator sets a cue point every 10 s. For `FOREIGN_MINUTES` (default 5) of real
 * time (the platform's limit runs on real time) it counts, per minute, the app's calls
 * (refused ones included) and the foreign client's calls and how many got through.
 *
 * Goals: no operator command lost (a command refused for budget counts as lost); command p99
 * ≤ 3 s; from the third minute on, the app sends at most 30 calls a minute and the foreign
 * client gets at least half of its calls through. `FOREIGN_SEED` (default 23) seeds the foreign
 * client's moments.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type SandboxHandle } from '../src-main/sandbox/index';
import { createDeskCore, type DeskCore } from '../src-main/services/app/desk-core';
import { memorySecrets } from '../src-main/services/app/test-support';
import { openSandboxWorkspace } from '../src-main/services/workspaces/workspace';
import type { Broadcast, ChannelSummary, Fresh, Page } from '../src-main/shared/model';
import type { Result } from '../src-main/shared/result';
import { sized, type BenchSection, type BenchSectionResult } from './section';
import { percentile, seededRandom } from './stats';

const minuteMs = 60_000;

/** One call seen on the wire: when (ms since the run began), its method and the status. */
interface WireCall {
  atMs: number;
  status: number;
  method?: string;
}

/** One operator command: when it was pressed, how long it took, how it ended. */
interface CommandRun {
  atMs: number;
  tookMs: number;
  ok: boolean;
  /** The error code when not ok (`rate-limited` = lost for budget). */
  code: string | null;
}

/** One minute of the run. */
export interface ForeignMinute {
  minute: number;
  appCalls: number;
  app429: number;
  foreignCalls: number;
  foreignThrough: number;
}

/** What {@link runStudioForeign} measured. */
export interface StudioForeignFigures {
  minutes: ForeignMinute[];
  commands: number;
  lost: number;
  failed: number;
  commandP50Ms: number;
  commandP90Ms: number;
  commandP99Ms: number;
  /** Commands that took longer than 3 s. */
  commandsOver3s: number;
  commandMaxMs: number;
  /**
   * How many cue points were refused (429) 0, 1, 2, 3 or more times before their answer
   * (the app's PUTs answered 429 between the press and the answer).
   */
  refusedTimes: number[];
  /** The slowest commands: ms, and the app's calls between press and answer (`PUT 429`...). */
  slowest: { tookMs: number; calls: string[] }[];
  /** Most app calls in one minute from the third minute on. */
  appMostPerMinuteAfter2: number;
  /** Foreign calls through / sent, from the third minute on (0..1). */
  foreignShareAfter2: number;
}

/** Options of one run; all times in real ms. */
export interface StudioForeignOptions {
  minutes: number;
  /** The foreign client's calls a minute (default 30). */
  foreignPerMinute?: number;
  /** Between two operator commands, ms (default 10 000). */
  commandEveryMs?: number;
  seed?: number;
  /**
   * How many on-air broadcasts the desk focuses (default 1): the studio bench's baseline
   * focuses 2, the broadcasts its studio watches (A and B), so that its ratio compares like
   * with like. Cue points go to the first.
   */
  focusCount?: number;
}

/** Runs the desk beside a foreign client for `minutes` of real time. */
export async function runStudioForeign(
  options: StudioForeignOptions,
): Promise<StudioForeignFigures> {
  const foreignPerMinute = options.foreignPerMinute ?? 30;
  const commandEveryMs = options.commandEveryMs ?? 10_000;
  const random = seededRandom(options.seed ?? 23);
  const sandbox: SandboxHandle = await startSandbox({ port: 0, seed: 7 });
  const dataDir = await mkdtemp(join(tmpdir(), 'onair-foreign-'));
  let began = performance.now();
  let measuring = false;
  const app: WireCall[] = [];
  const foreign: WireCall[] = [];
  const core: DeskCore = await createDeskCore({
    dataDir,
    secrets: memorySecrets(),
    log: () => undefined,
    openSandbox: () =>
      openSandboxWorkspace({
        sandboxInfo: sandbox.info,
        fetch: async (request) => {
          const response = await fetch(request);
          if (measuring)
            app.push({
              atMs: performance.now() - began,
              status: response.status,
              method: request.method,
            });
          return response;
        },
      }),
  });
  const ctx = { clientId: 'bench-operator' };
  const invoke = async <T>(command: string, input: unknown): Promise<Result<T>> =>
    (await core.invoke(command, input, ctx)) as Result<T>;
  try {
    const focused = await onAirTimeshiftBroadcasts(invoke, options.focusCount ?? 1);
    const focus = focused[0] ?? '';
    // Let the first minute of the platform's window empty before measuring.
    await sleep(3_000);
    measuring = true;
    began = performance.now();
    const endMs = options.minutes * minuteMs;
    await invoke('watch.subscribe', { spec: { kind: 'channels' } });
    for (const broadcastKey of focused)
      await invoke('watch.subscribe', { spec: { kind: 'broadcast', broadcastKey, focused: true } });
    const foreignDone = foreignClient(sandbox, random, foreignPerMinute, endMs, () => {
      return performance.now() - began;
    }).then((calls) => foreign.push(...calls));
    const runs: Promise<CommandRun>[] = [];
    for (let at = commandEveryMs; at < endMs; at += commandEveryMs) {
      await sleep(Math.max(0, at - (performance.now() - began)));
      const pressedMs = performance.now() - began;
      runs.push(
        invoke<Fresh<Broadcast>>('broadcast.setCuePoint', { broadcastKey: focus }).then(
          (result) => ({
            atMs: pressedMs,
            tookMs: performance.now() - began - pressedMs,
            ok: result.ok,
            code: result.ok ? null : result.error.code,
          }),
        ),
      );
    }
    await sleep(Math.max(0, endMs - (performance.now() - began)));
    measuring = false;
    const commands = await Promise.all(runs);
    await foreignDone;
    return figures(options.minutes, app, foreign, commands);
  } finally {
    await core.dispose();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The keys of the first `count` on-air broadcasts with timeshift on (cue points need it), in
 * the channel list's order: the same ones the studio bench's A and B are (studio.ts).
 */
async function onAirTimeshiftBroadcasts(
  invoke: <T>(command: string, input: unknown) => Promise<Result<T>>,
  count: number,
): Promise<string[]> {
  const list = await invoke<Fresh<Page<ChannelSummary>>>('channels.list', { perPage: 100 });
  if (!list.ok) throw new Error(`channels.list: ${list.error.message}`);
  const found: string[] = [];
  for (const channel of list.data.data.items.filter((c) => c.onAir)) {
    const key = channel.latestBroadcast?.key;
    if (!key) continue;
    const read = await invoke<Fresh<Broadcast>>('broadcast.get', { broadcastKey: key });
    if (read.ok && read.data.data.useTimeshift) found.push(key);
    if (found.length === count) return found;
  }
  throw new Error(`the seed has ${found.length} on-air broadcasts with timeshift, not ${count}`);
}

/**
 * The foreign client: reads the account's channel list at random moments, `perMinute` on
 * average (exponential gaps), never retrying; answers every call's time and status.
 */
async function foreignClient(
  sandbox: SandboxHandle,
  random: () => number,
  perMinute: number,
  endMs: number,
  elapsed: () => number,
): Promise<WireCall[]> {
  const calls: WireCall[] = [];
  const url = `${sandbox.info.live_base_url}/v1/live/service-accounts/${sandbox.info.service_account_key}/channels?per_page=10`;
  const meanGapMs = minuteMs / perMinute;
  const pending: Promise<void>[] = [];
  let next = -Math.log(1 - random()) * meanGapMs;
  while (next < endMs) {
    await sleep(Math.max(0, next - elapsed()));
    const atMs = elapsed();
    pending.push(
      fetch(url, { headers: { Authorization: `Bearer ${sandbox.info.tokens.super_admin}` } })
        .then(async (response) => {
          await response.arrayBuffer();
          calls.push({ atMs, status: response.status });
        })
        .catch(() => {
          calls.push({ atMs, status: 0 });
        }),
    );
    next += -Math.log(1 - random()) * meanGapMs;
  }
  await Promise.all(pending);
  return calls;
}

function figures(
  minutes: number,
  app: WireCall[],
  foreign: WireCall[],
  commands: CommandRun[],
): StudioForeignFigures {
  const perMinute: ForeignMinute[] = [];
  for (let m = 0; m < minutes; m++) {
    const inMinute = (call: WireCall) =>
      call.atMs >= m * minuteMs && call.atMs < (m + 1) * minuteMs;
    const a = app.filter(inMinute);
    const f = foreign.filter(inMinute);
    perMinute.push({
      minute: m + 1,
      appCalls: a.length,
      app429: a.filter((c) => c.status === 429).length,
      foreignCalls: f.length,
      foreignThrough: f.filter((c) => c.status >= 200 && c.status < 300).length,
    });
  }
  const after = perMinute.filter((m) => m.minute > 2);
  const sent = after.reduce((sum, m) => sum + m.foreignCalls, 0);
  const through = after.reduce((sum, m) => sum + m.foreignThrough, 0);
  const took = commands.map((c) => c.tookMs);
  const during = (c: CommandRun) =>
    app.filter((call) => call.atMs >= c.atMs && call.atMs <= c.atMs + c.tookMs);
  const refusedTimes = [0, 0, 0, 0];
  for (const c of commands) {
    const refused = during(c).filter((call) => call.method === 'PUT' && call.status === 429);
    const index = Math.min(3, refused.length);
    refusedTimes[index] = (refusedTimes[index] ?? 0) + 1;
  }
  const slowest = [...commands]
    .sort((x, y) => y.tookMs - x.tookMs)
    .slice(0, 3)
    .map((c) => ({
      tookMs: Math.round(c.tookMs),
      calls: during(c).map(
        (call) => `${call.method ?? '?'} ${call.status} +${Math.round(call.atMs - c.atMs)}`,
      ),
    }));
  return {
    refusedTimes,
    slowest,
    minutes: perMinute,
    commands: commands.length,
    lost: commands.filter((c) => c.code === 'rate-limited').length,
    failed: commands.filter((c) => !c.ok).length,
    commandP50Ms: Math.round(percentile(took, 50)),
    commandP90Ms: Math.round(percentile(took, 90)),
    commandsOver3s: took.filter((ms) => ms > 3_000).length,
    commandP99Ms: Math.round(percentile(took, 99)),
    commandMaxMs: Math.round(Math.max(0, ...took)),
    appMostPerMinuteAfter2: Math.max(0, ...after.map((m) => m.appCalls)),
    foreignShareAfter2: sent === 0 ? Number.NaN : through / sent,
  };
}

/**
 * Calls a minute the app spends on watches alone (no foreign client, no command): the
 * control room's channel list and `focusCount` focused on-air broadcasts (default 1), the
 * second minute after subscribing (the first holds every task's first read).
 */
export async function measureWatchSpend(focusCount = 1): Promise<number> {
  const alone = await runStudioForeign({
    minutes: sized(2, 0.1),
    foreignPerMinute: 0,
    commandEveryMs: Number.POSITIVE_INFINITY,
    focusCount,
  });
  return alone.minutes[1]?.appCalls ?? Number.NaN;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export const studioForeignSection: BenchSection = {
  id: 'foreign',
  title: 'A good neighbour: the desk beside a foreign client on the same account (FOREIGN_MINUTES)',
  // Minutes of real time: only when asked for by name.
  onlyWhenNamed: true,
  async run(): Promise<BenchSectionResult> {
    const minutes = Number(process.env.FOREIGN_MINUTES ?? sized(5, 0.1));
    if (!Number.isFinite(minutes) || minutes < sized(3, 0.1))
      throw new Error(`FOREIGN_MINUTES must be at least 3, not "${process.env.FOREIGN_MINUTES}"`);
    // The watches' own spend first: the app alone, one focused broadcast and the channel list.
    const watchSpend = process.env.FOREIGN_WATCH_SPEND === '0' ? null : await measureWatchSpend();
    // The foreign client's random moments (FOREIGN_SEED, default 23).
    const seed = Number(process.env.FOREIGN_SEED ?? 23);
    if (!Number.isInteger(seed))
      throw new Error(`FOREIGN_SEED must be an integer, not "${process.env.FOREIGN_SEED}"`);
    const f = await runStudioForeign({ minutes, seed });
    const share = Math.round(f.foreignShareAfter2 * 100);
    return {
      table: {
        columns: ['minute', 'app calls', 'app 429', 'foreign calls', 'foreign through'],
        rows: [
          ...(watchSpend === null ? [] : [['app alone, watches', watchSpend, 0, 0, 0]]),
          ...f.minutes.map((m) => [
            m.minute,
            m.appCalls,
            m.app429,
            m.foreignCalls,
            m.foreignThrough,
          ]),
        ],
      },
      goals: [
        {
          text: 'No operator command lost for budget',
          pass: f.lost === 0,
          measured: `${f.lost} lost, ${f.failed} failed of ${f.commands}`,
        },
        {
          text: 'Command p99 <= 3 s',
          pass: f.commandP99Ms <= 3_000,
          measured:
            `p50 ${f.commandP50Ms} ms, p90 ${f.commandP90Ms} ms, p99 ${f.commandP99Ms} ms, ` +
            `max ${f.commandMaxMs} ms; ${f.commandsOver3s} of ${f.commands} over 3 s`,
        },
        {
          text: 'From minute 3: the app sends at most 30 calls a minute (refused ones included)',
          pass: f.appMostPerMinuteAfter2 <= 30,
          measured: `most ${f.appMostPerMinuteAfter2} a minute`,
        },
        {
          text: 'From minute 3: the foreign client gets at least half of its calls through',
          pass: f.foreignShareAfter2 >= 0.5,
          measured: `${share} %`,
        },
      ],
      notes: [
        `Cue points refused 0/1/2/3+ times: ${f.refusedTimes.join('/')}.`,
        ...f.slowest.map((c) => `Slow command ${c.tookMs} ms: ${c.calls.join(', ')}.`),
        'Real time: the sandbox enforces 60 calls a minute, 1 s apart, on its monotonic clock.',
        `Foreign client: GET channels at exponential gaps (30 a minute on average, seed ${seed}), never retried.`,
        'Operator: a cue point at the platform’s now every 10 s, through the desk core’s pipeline.',
      ],
      figures: { ...f, watchCallsPerMinuteAlone: watchSpend },
    };
  },
};
