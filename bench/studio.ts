/**
 * Bench section `studio` (`npm run bench -- studio`): several seats on one service account,
 * on the sandbox with the platform's rate limit on (60 calls a minute, 1 s apart, per account;
 * docs/platform-facts.md), in two set-ups measured in the same run, each on a fresh sandbox of
 * the same seed:
 *
 * - `independent`: three OnAir Desks, each with its own schedulers and watch planner, on one
 *   account (what operators do today);
 * - `studio`: one hub desk (services/studio/hub.ts) with two seats joined over loopback TLS
 *   (seat.ts) and a hardware panel client on the hub's control API (hosts/panel-api.ts).
 *
 * The workload is the same in both: three operators, each focusing a broadcast (two of them the
 * same one, A; the third B) with the control room's watches (the channel list and the focused
 * broadcast) and setting a cue point on it every 10 s (staggered by 10/3 s), for
 * `STUDIO_MINUTES` (default 10) of real time: the platform's limit runs on real time, so there
 * is no virtual-clock speed-up. In `studio`, seats 1 and 2 focus A; the hub's own window focuses
 * B and the panel sets cue points on B (a panel acts on what its desk shows). Two seats' cue
 * points on A within 10 s cross (services/core/crossing.ts); the operator confirms the override
 * at once and the command's time covers both presses (in `independent` nothing crosses).
 *
 * Per set-up it reports: 429s (no burst is injected, so all count; studio goal 0); commands
 * answered out of sent (a command refused for budget, `rate-limited`, is lost); command p99
 * (goal ≤ 1.5 s); the most calls in any 60 s (goal ≤ 60); watch calls a minute against one seat
 * alone (the control room's watches on one desk, measured first, on the same broadcasts as the
 * set-ups: the channel list, A and B focused; goal ratio ≤ 1.1). Watch calls
 * are the app's calls minus the commands' own (their audit records count them), from the second
 * minute on (the first holds every watch's first read). Then the foreign-client case
 * (studio-foreign.ts, `max(3, STUDIO_MINUTES)` minutes) and the takeover (studio-takeover.ts).
 * The verdict line `studio: PASS|FAIL` holds the `studio` set-up, the foreign case and the
 * takeover to their goals; `independent` is the comparison.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPanelApi, type PanelApi } from '../src-main/hosts/panel-api';
import { startSandbox, type SandboxHandle } from '../src-main/sandbox/index';
import { createDeskCore, type DeskCoreWithPanels } from '../src-main/services/app/desk-core';
import { memorySecrets } from '../src-main/services/app/test-support';
import type { AuditRecord } from '../src-main/services/core/audit-log';
import type { SeatCore } from '../src-main/services/studio/index';
import { hostTestHub, openTestSeat } from '../src-main/services/studio/testing/studio-test-support';
import { openSandboxWorkspace } from '../src-main/services/workspaces/workspace';
import type { AddedPanel } from '../src-main/shared/panels-model';
import type { Broadcast, ChannelSummary, Fresh, Page } from '../src-main/shared/model';
import type { Result } from '../src-main/shared/result';
import { sized, type BenchGoal, type BenchSection, type BenchSectionResult } from './section';
import { mostInWindow, percentile } from './stats';
import { measureWatchSpend, runStudioForeign, type StudioForeignFigures } from './studio-foreign';
import { takeoverPhase, type TakeoverFigures } from './studio-takeover';

const minuteMs = 60_000;
const commandEveryMs = 10_000;
/** The studio's goals (issue part 7). */
const goals = { commandP99Ms: 1_500, mostPerMinute: 60, watchRatio: 1.1 } as const;

/** One call on the wire: when (ms since the workload began), its method and status. */
interface WireCall {
  atMs: number;
  method: string;
  status: number;
}

/** One operator command: who sent it, when, how long until its answer, how it ended. */
interface CommandRun {
  who: string;
  atMs: number;
  tookMs: number;
  ok: boolean;
  /** The error code when not ok (`rate-limited`: lost for budget). */
  code: string | null;
  /** It crossed another seat's cue point and was confirmed as an override. */
  overridden: boolean;
}

/** What one set-up measured. */
export interface SetupFigures {
  name: 'independent' | 'studio';
  minutes: number;
  commands: number;
  answered: number;
  /** Refused for budget (`rate-limited`). */
  lost: number;
  /** Not answered for another reason. */
  failed: number;
  overridden: number;
  commandP50Ms: number;
  commandP99Ms: number;
  commandMaxMs: number;
  calls: number;
  calls429: number;
  /** The most calls in any 60 s of the workload. */
  mostPerMinute: number;
  /** Watch calls a minute from the second minute on (null when shorter than two minutes). */
  watchPerMinute: number | null;
  /** Error codes of the failed commands, with their counts. */
  failures: Record<string, number>;
}

/** An operator of the workload: sends one cue point on `broadcastKey`, answers its result. */
type Sender = (broadcastKey: string, override: boolean) => Promise<Result<unknown>>;

/** Three operators' focus and commands, against one account. */
interface Rig {
  /** The three operators: who, their focus, and how they send. */
  operators: { who: string; focus: string; send: Sender }[];
  /** Every audit record written by the rig's cores (the commands' own calls). */
  audit(): Promise<AuditRecord[]>;
  close(): Promise<void>;
}

/** Records the app's calls while `measuring`, relative to `began()`. */
function wire(calls: WireCall[], state: { measuring: boolean; began: number }) {
  return async (request: Request): Promise<Response> => {
    const response = await fetch(request);
    if (state.measuring)
      calls.push({
        atMs: performance.now() - state.began,
        method: request.method,
        status: response.status,
      });
    return response;
  };
}

type Invoke = <T>(command: string, input: unknown) => Promise<Result<T>>;

/** Two on-air broadcasts with timeshift on (cue points need it): A and B. */
async function twoCueable(invoke: Invoke): Promise<[string, string]> {
  const list = await invoke<Fresh<Page<ChannelSummary>>>('channels.list', { perPage: 100 });
  if (!list.ok) throw new Error(`channels.list: ${list.error.message}`);
  const found: string[] = [];
  for (const channel of list.data.data.items.filter((c) => c.onAir)) {
    const key = channel.latestBroadcast?.key;
    if (!key) continue;
    const read = await invoke<Fresh<Broadcast>>('broadcast.get', { broadcastKey: key });
    if (read.ok && read.data.data.useTimeshift) found.push(key);
    if (found.length === 2) return [found[0] ?? '', found[1] ?? ''];
  }
  throw new Error(`the seed has ${found.length} on-air broadcasts with timeshift, not 2`);
}

/** Reads every audit record under `dataDir/audit`. */
async function auditUnder(dataDir: string): Promise<AuditRecord[]> {
  const root = join(dataDir, 'audit');
  const out: AuditRecord[] = [];
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.jsonl')) continue;
    const text = await readFile(join(entry.parentPath, entry.name), 'utf8');
    for (const line of text.split('\n').filter(Boolean)) {
      const record = JSON.parse(line) as AuditRecord;
      if (record.kind === undefined || record.kind === 'command') out.push(record);
    }
  }
  return out;
}

async function deskOn(
  sandbox: SandboxHandle,
  calls: WireCall[],
  state: { measuring: boolean; began: number },
): Promise<{ core: DeskCoreWithPanels; dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'onair-studio-bench-'));
  const core = await createDeskCore({
    dataDir,
    secrets: memorySecrets(),
    log: () => undefined,
    openSandbox: () =>
      openSandboxWorkspace({ sandboxInfo: sandbox.info, fetch: wire(calls, state) }),
  });
  return { core, dataDir };
}

/** The control room's watches of one window: the channel list and the focused broadcast. */
async function watchFocus(invoke: Invoke, focus: string): Promise<void> {
  const channels = await invoke('watch.subscribe', { spec: { kind: 'channels' } });
  const focused = await invoke('watch.subscribe', {
    spec: { kind: 'broadcast', broadcastKey: focus, focused: true },
  });
  if (!channels.ok || !focused.ok) throw new Error('watch.subscribe refused');
}

/** Set-up `independent`: three desks, each its own schedulers, on one account. */
async function independentRig(
  sandbox: SandboxHandle,
  calls: WireCall[],
  state: { measuring: boolean; began: number },
): Promise<Rig> {
  const desks = await Promise.all([1, 2, 3].map(() => deskOn(sandbox, calls, state)));
  const invokers: Invoke[] = desks.map(
    ({ core }, i) =>
      async <T>(command: string, input: unknown) =>
        (await core.invoke(command, input, { clientId: `desk-${i + 1}-window` })) as Result<T>,
  );
  const [a, b] = await twoCueable(invokers[0] as Invoke);
  const focus = [a, a, b];
  const operators = desks.map(({ core }, i) => ({
    who: `desk ${i + 1}`,
    focus: focus[i] ?? a,
    send: ((broadcastKey, override) =>
      core.invoke(
        'broadcast.setCuePoint',
        { broadcastKey },
        {
          clientId: `desk-${i + 1}-window`,
          ...(override ? { confirmation: { kind: 'override' as const } } : {}),
        },
      )) satisfies Sender,
  }));
  await Promise.all(operators.map((o, i) => watchFocus(invokers[i] as Invoke, o.focus)));
  return {
    operators,
    audit: async () => (await Promise.all(desks.map((d) => auditUnder(d.dataDir)))).flat(),
    async close() {
      for (const desk of desks) {
        await desk.core.dispose();
        await rm(desk.dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** Set-up `studio`: a hub desk, two seats over loopback TLS and a panel on the hub. */
async function studioRig(
  sandbox: SandboxHandle,
  calls: WireCall[],
  state: { measuring: boolean; began: number },
): Promise<Rig> {
  const { core, dataDir } = await deskOn(sandbox, calls, state);
  const { hub, hosting } = await hostTestHub({ core, deskDataDir: dataDir, now: Date.now });
  const secrets = memorySecrets();
  const seats: SeatCore[] = [];
  for (const name of ['Seat 1', 'Seat 2']) {
    const { code } = hub.newPairingCode('operator');
    const seat = await openTestSeat({ hosting, code, seatName: name, secrets });
    // A seat's page listens to the hub's events (the watches' updates) as the app does.
    seat.subscribe(() => undefined);
    seats.push(seat);
  }
  const panelApi: PanelApi = await startPanelApi({ core, port: 0 });
  const added = await core.invoke('panels.add', { name: 'Bench panel' }, { clientId: 'settings' });
  if (!added.ok) throw new Error(`panels.add: ${added.error.message}`);
  const panelToken = (added.data as AddedPanel).token;
  const hubInvoke: Invoke = async <T>(command: string, input: unknown) =>
    (await core.invoke(command, input, { clientId: 'hub-window' })) as Result<T>;
  const seatInvoke =
    (seat: SeatCore, i: number): Invoke =>
    async <T>(command: string, input: unknown) =>
      (await seat.invoke(command, input, { clientId: `seat-${i + 1}-window` })) as Result<T>;
  const [a, b] = await twoCueable(hubInvoke);
  const operators = [
    ...seats.map((seat, i) => ({
      who: `seat ${i + 1}`,
      focus: a,
      send: ((broadcastKey, override) =>
        seat.invoke(
          'broadcast.setCuePoint',
          { broadcastKey },
          {
            clientId: `seat-${i + 1}-window`,
            ...(override ? { confirmation: { kind: 'override' as const } } : {}),
          },
        )) satisfies Sender,
    })),
    {
      who: 'panel',
      focus: b,
      send: (async (broadcastKey) => {
        const response = await fetch(`${panelApi.address}/api/v1/commands/broadcast.setCuePoint`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${panelToken}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ broadcastKey }),
        });
        return (await response.json()) as Result<unknown>;
      }) satisfies Sender,
    },
  ];
  await Promise.all([
    watchFocus(seatInvoke(seats[0] as SeatCore, 0), a),
    watchFocus(seatInvoke(seats[1] as SeatCore, 1), a),
    watchFocus(hubInvoke, b),
  ]);
  return {
    operators,
    audit: () => auditUnder(dataDir),
    async close() {
      for (const seat of seats) await seat.dispose();
      await panelApi.close();
      await hub.stop();
      await core.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the workload on a fresh sandbox in set-up `name` for `minutes` of real time. */
export async function runSetup(name: SetupFigures['name'], minutes: number): Promise<SetupFigures> {
  const sandbox = await startSandbox({ port: 0, seed: 7 });
  const calls: WireCall[] = [];
  const state = { measuring: false, began: performance.now() };
  const rig =
    name === 'studio'
      ? await studioRig(sandbox, calls, state)
      : await independentRig(sandbox, calls, state);
  try {
    // The workload starts with the watches just subscribed, as an operator's day does.
    state.measuring = true;
    state.began = performance.now();
    const endMs = minutes * minuteMs;
    const elapsed = () => performance.now() - state.began;
    const runs: Promise<CommandRun>[] = [];
    const stagger = commandEveryMs / rig.operators.length;
    const pressAt: { at: number; operator: Rig['operators'][number] }[] = [];
    for (let at = commandEveryMs; at < endMs; at += commandEveryMs)
      rig.operators.forEach((operator, i) => pressAt.push({ at: at + i * stagger, operator }));
    pressAt.sort((x, y) => x.at - y.at);
    for (const { at, operator } of pressAt) {
      if (at >= endMs) break;
      await sleep(Math.max(0, at - elapsed()));
      const pressed = elapsed();
      runs.push(
        (async (): Promise<CommandRun> => {
          let result = await operator.send(operator.focus, false);
          let overridden = false;
          if (!result.ok && result.error.code === 'crossed') {
            overridden = true;
            result = await operator.send(operator.focus, true);
          }
          return {
            who: operator.who,
            atMs: pressed,
            tookMs: elapsed() - pressed,
            ok: result.ok,
            code: result.ok ? null : result.error.code,
            overridden,
          };
        })(),
      );
    }
    await sleep(Math.max(0, endMs - elapsed()));
    const commands = await Promise.all(runs);
    state.measuring = false;
    const records = (await rig.audit()).filter((r) => r.command === 'broadcast.setCuePoint');
    return figuresOf(name, minutes, calls, commands, records);
  } finally {
    state.measuring = false;
    await rig.close();
    await sandbox.close();
  }
}

function figuresOf(
  name: SetupFigures['name'],
  minutes: number,
  calls: WireCall[],
  commands: CommandRun[],
  records: AuditRecord[],
): SetupFigures {
  const took = commands.map((c) => c.tookMs);
  const failures: Record<string, number> = {};
  for (const c of commands.filter((c) => !c.ok)) {
    const code = c.code ?? 'unknown';
    failures[code] = (failures[code] ?? 0) + 1;
  }
  // Commands' own calls, spread evenly over the run: their audit records count them.
  const commandCalls = records.reduce((sum, r) => sum + r.calls, 0);
  const ownShareAfterFirst = minutes >= 2 ? (minutes - 1) / minutes : 0;
  const afterFirst = calls.filter((c) => c.atMs >= minuteMs).length;
  const watchPerMinute =
    minutes >= 2
      ? Math.round((afterFirst - commandCalls * ownShareAfterFirst) / (minutes - 1))
      : null;
  return {
    name,
    minutes,
    commands: commands.length,
    answered: commands.filter((c) => c.ok).length,
    lost: commands.filter((c) => c.code === 'rate-limited').length,
    failed: commands.filter((c) => !c.ok && c.code !== 'rate-limited').length,
    overridden: commands.filter((c) => c.overridden).length,
    commandP50Ms: Math.round(percentile(took, 50)),
    commandP99Ms: Math.round(percentile(took, 99)),
    commandMaxMs: Math.round(Math.max(0, ...took)),
    calls: calls.length,
    calls429: calls.filter((c) => c.status === 429).length,
    mostPerMinute: mostInWindow(
      calls.map((c) => c.atMs),
      minuteMs,
    ),
    watchPerMinute,
    failures,
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The goals of one set-up against the watch calls of one seat alone. */
function setupGoals(f: SetupFigures, alone: number): BenchGoal[] {
  const ratio = f.watchPerMinute === null ? Number.NaN : f.watchPerMinute / alone;
  return [
    { text: `${f.name}: 0 429s`, pass: f.calls429 === 0, measured: `${f.calls429} 429s` },
    {
      text: `${f.name}: every command answered, none lost`,
      pass: f.answered === f.commands,
      measured:
        `${f.answered} of ${f.commands} answered, ${f.lost} lost for budget, ` +
        `${f.failed} failed ${JSON.stringify(f.failures)}, ${f.overridden} confirmed over a crossing`,
    },
    {
      text: `${f.name}: command p99 <= 1.5 s`,
      pass: f.commandP99Ms <= goals.commandP99Ms,
      measured: `p50 ${f.commandP50Ms} ms, p99 ${f.commandP99Ms} ms, max ${f.commandMaxMs} ms`,
    },
    {
      text: `${f.name}: at most 60 calls in any minute`,
      pass: f.mostPerMinute <= goals.mostPerMinute,
      measured: `most ${f.mostPerMinute}`,
    },
    {
      text: `${f.name}: watch calls against one seat alone <= 1.1`,
      pass: ratio <= goals.watchRatio,
      measured:
        f.watchPerMinute === null
          ? 'not measured (shorter than 2 minutes)'
          : `${f.watchPerMinute} a minute against ${alone}: ratio ${ratio.toFixed(2)}`,
    },
  ];
}

function foreignGoals(f: StudioForeignFigures): BenchGoal[] {
  return [
    {
      text: 'foreign: no command lost for budget',
      pass: f.lost === 0,
      measured: `${f.lost} lost, ${f.failed} failed of ${f.commands}`,
    },
    {
      text: 'foreign: command p99 <= 3 s',
      pass: f.commandP99Ms <= 3_000,
      measured: `p50 ${f.commandP50Ms} ms, p90 ${f.commandP90Ms} ms, p99 ${f.commandP99Ms} ms`,
    },
    {
      text: 'foreign: from minute 3, the app sends at most 30 calls a minute',
      pass: f.appMostPerMinuteAfter2 <= 30,
      measured: `most ${f.appMostPerMinuteAfter2}`,
    },
    {
      text: 'foreign: from minute 3, the foreign client gets at least half through',
      pass: f.foreignShareAfter2 >= 0.5,
      measured: `${Math.round(f.foreignShareAfter2 * 100)} %`,
    },
  ];
}

function takeoverGoals(f: TakeoverFigures | null): BenchGoal[] {
  if (f === null) return [{ text: 'takeover', pass: false, measured: 'not run (no backup hub)' }];
  return [
    {
      text: 'takeover: commands accepted again within 5 s',
      pass: f.acceptedAgainMs <= 5_000,
      measured: `${f.acceptedAgainMs} ms`,
    },
    {
      text: 'takeover: 0 platform operations sent twice',
      pass: f.duplicates === 0,
      measured: `${f.duplicates} duplicates; ${f.answered} of ${f.commands} answered, ${f.unknown} unknown`,
    },
  ];
}

export const studioSection: BenchSection = {
  id: 'studio',
  title: 'A studio: three seats on one account, independent desks against a hub (STUDIO_MINUTES)',
  // Minutes of real time: only when asked for by name.
  onlyWhenNamed: true,
  async run(): Promise<BenchSectionResult> {
    const minutes = Number(process.env.STUDIO_MINUTES ?? sized(10, 0.1));
    if (!Number.isFinite(minutes) || minutes <= 0)
      throw new Error(
        `STUDIO_MINUTES must be a positive number, not "${process.env.STUDIO_MINUTES}"`,
      );
    // While developing, `STUDIO_SKIP=alone,independent,foreign` leaves phases out (the verdict
    // then FAILs: a phase not run never passes).
    const skip = new Set((process.env.STUDIO_SKIP ?? '').split(',').filter(Boolean));
    // One seat alone: the control room's watches on one desk, on the broadcasts the studio
    // watches (the channel list, A and B focused), so that the ratio compares like with like.
    const alone = skip.has('alone') ? Number.NaN : await measureWatchSpend(2);
    const independent = skip.has('independent') ? null : await runSetup('independent', minutes);
    const studio = await runSetup('studio', minutes);
    const foreignMinutes = sized(Math.max(3, Math.ceil(minutes)), minutes);
    const foreign = skip.has('foreign')
      ? null
      : await runStudioForeign({ minutes: foreignMinutes });
    const takeover = takeoverPhase === null ? null : await takeoverPhase.run({ minutes });
    const held = [
      ...setupGoals(studio, alone),
      ...(foreign === null
        ? [{ text: 'foreign', pass: false, measured: 'not run (STUDIO_SKIP)' }]
        : foreignGoals(foreign)),
      ...takeoverGoals(takeover),
      ...(skip.size > 0
        ? [{ text: 'every phase run', pass: false, measured: `skipped: ${[...skip].join(', ')}` }]
        : []),
    ];
    const verdictFigures =
      `studio 429s ${studio.calls429}, answered ${studio.answered}/${studio.commands}, ` +
      `p99 ${studio.commandP99Ms} ms, most ${studio.mostPerMinute}/min, watch ratio ` +
      `${studio.watchPerMinute === null ? 'n/a' : (studio.watchPerMinute / alone).toFixed(2)}; ` +
      (foreign === null
        ? 'foreign: not run; '
        : `foreign lost ${foreign.lost}, p99 ${foreign.commandP99Ms} ms, ` +
          `app ≤${foreign.appMostPerMinuteAfter2}/min, ` +
          `foreign ${Math.round(foreign.foreignShareAfter2 * 100)} %; `) +
      (takeover === null
        ? 'takeover: not run (no backup hub)'
        : `takeover ${takeover.acceptedAgainMs} ms, ${takeover.duplicates} duplicates`) +
      `; ${minutes} min${minutes === 10 ? '' : ' (shortened)'}`;
    const pass = held.every((g) => g.pass);
    const row = (f: SetupFigures) => [
      f.name,
      f.commands,
      f.answered,
      f.lost,
      f.commandP50Ms,
      f.commandP99Ms,
      f.calls,
      f.calls429,
      f.mostPerMinute,
      f.watchPerMinute ?? 'n/a',
    ];
    return {
      table: {
        columns: [
          'set-up',
          'commands',
          'answered',
          'lost',
          'p50 ms',
          'p99 ms',
          'calls',
          '429',
          'most/min',
          'watch/min',
        ],
        rows: [
          ['one seat alone, watches of A and B', 0, 0, 0, 0, 0, 0, 0, 0, alone],
          ...(independent === null ? [] : [row(independent)]),
          row(studio),
        ],
      },
      goals: [
        ...(independent === null
          ? []
          : setupGoals(independent, alone).map((g) => ({ ...g, text: `(comparison) ${g.text}` }))),
        ...held,
      ],
      notes: [
        'Real time: the sandbox enforces 60 calls a minute, 1 s apart, on its monotonic clock; no burst injected.',
        'Three operators, a cue point every 10 s each (staggered 3.3 s); two focus broadcast A, one B.',
        'studio: seats 1 and 2 over loopback TLS, the panel on the hub control API, the hub window focused on B.',
        'Watch calls: all calls minus the commands’ own (audit records), from minute 2.',
        `Foreign case: studio-foreign.ts for ${foreignMinutes} minutes.`,
        ...(foreign === null
          ? []
          : [
              `Foreign case: cue points refused 0/1/2/3+ times: ${foreign.refusedTimes.join('/')}.`,
              ...foreign.slowest.map(
                (c) => `Foreign case, slow command ${c.tookMs} ms: ${c.calls.join(', ')}.`,
              ),
            ]),
        takeover === null ? 'takeover: not run (no backup hub)' : 'takeover: studio-takeover.ts.',
      ],
      figures: { minutes, alone, independent, studio, foreign, takeover },
      verdict: `studio: ${pass ? 'PASS' : 'FAIL'} (${verdictFigures})`,
    };
  },
};
