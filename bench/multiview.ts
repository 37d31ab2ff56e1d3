/**
 * Bench section `multiview`: the Multiview's watching with 16 broadcasts on air, against the
 * focused control room, on one sandbox (`startSandbox({ onAir: 16 })`, the platform's rate
 * limit on: 60 calls a minute, 1 s apart) in the same run, through the desk core as the app
 * runs it (the watch planner, the schedulers, the pipeline).
 *
 * - Baseline: the focused control room, as its view subscribes (the channel list, one
 *   focused broadcast).
 * - Multiview: the operator switches to the Multiview (one view at a time in a window: the
 *   control room's watches end, the Multiview's starts; watch-planner.ts, `multiview`).
 * - Two windows: the control room in a second window beside the Multiview (reported; the
 *   goals are held on the first two).
 * - Two pinned: the Multiview alone again, two tiles pinned (watch-plan.ts, `multiviewShares`):
 *   the pinned tiles' chat ages and the others', max and p95, the state's and the viewers';
 *   the verdict line says whether the pinned chat stayed within 10 s. A phase shorter than
 *   one round of the unpinned tiles' chat (1,680 s with 16 on air, 2 pinned) sees only part
 *   of their age: its max is a lower bound, reported as such.
 * In both, an operator's command (`broadcast.setCuePoint` on the focused broadcast, then on
 * others, at `command` priority) runs every 5 s; its time from invoke to answer is measured.
 *
 * Figures: platform calls a minute (all, and the Multiview's reads: the on-air list, the
 * account's viewer statistics, which carry every broadcast's viewers, and each broadcast's
 * participants not shared with the focused broadcast), the oldest tile age (the on-air list's
 * age, sampled every 250 ms), the oldest viewers and chat figure of any tile (held to the same
 * 10 s, PASS or MISS), and the command p50/p99.
 *
 * `MULTIVIEW_MINUTES` (default 2.3: one round of every tile's chat) sets the
 * Multiview phase's measured length, after a 30 s warm-up, and the two-pinned phase's, after
 * 15 s; the two others run min(it, 0.75) min. Default run about 7 min.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type SandboxHandle } from '../src-main/sandbox/index';
import { createDeskCore, type DeskCore } from '../src-main/services/app/desk-core';
import { memorySecrets } from '../src-main/services/app/test-support';
import { openSandboxWorkspace } from '../src-main/services/workspaces/workspace';
import type { Broadcast, WatchUpdate } from '../src-main/shared/model';
import { multiviewShares } from '../src-main/services/control-room/watch-plan';
import { benchSmoke, sized, type BenchSection, type BenchSectionResult } from './section';
import { percentile } from './stats';

const onAirCount = 16;
const goals = { callsPerMinute: 24, oldestTileS: 10, oldestFigureS: 10, commandP99Ms: 1_100 };
const commandEveryMs = 5_000;
/** Seconds from opening the Multiview until every tile had its viewers and chat. */
let filledS: number | null = null;

/** What a platform call read, from its method and path. */
type CallKind =
  | 'onair'
  | 'audience'
  | 'viewers'
  | 'participants'
  | 'broadcast'
  | 'channels'
  | 'command'
  | 'other';

function kindOf(method: string, url: URL): CallKind {
  if (method !== 'GET') return 'command';
  const path = url.pathname;
  if (path.endsWith('/broadcasts') && url.searchParams.get('is_onair') === '1') return 'onair';
  if (/\/service-accounts\/[^/]+\/statistics\/viewer\//.test(path)) return 'audience';
  if (/\/broadcasts\/[^/]+\/statistics\/viewer\//.test(path)) return 'viewers';
  if (path.endsWith('/chatting-joined-users-on-air')) return 'participants';
  if (/\/broadcasts\/[^/]+$/.test(path)) return 'broadcast';
  if (path.endsWith('/channels')) return 'channels';
  return 'other';
}

interface Call {
  at: number;
  kind: CallKind;
  /** The broadcast key of a per-broadcast read. */
  subject: string | null;
}

interface Phase {
  name: string;
  callsPerMinute: number;
  multiviewPerMinute: number;
  /** The most Multiview calls in any 60 s of the phase (null: shorter than a minute). */
  multiviewBusiestMinute: number | null;
  byKind: Partial<Record<CallKind, number>>;
  oldestTileS: number | null;
  oldestViewersS: number | null;
  oldestParticipantsS: number | null;
  /** Pinned tiles' chat ages, s (null: none pinned in the phase). */
  pinnedChat: { maxS: number; p95S: number } | null;
  /** The other tiles' chat ages while tiles are pinned, s (null: none pinned). */
  unpinnedChat: { maxS: number; p95S: number } | null;
  commandP50Ms: number;
  commandP99Ms: number;
  commands: number;
  failedCommands: number;
}

export const multiviewSection: BenchSection = {
  id: 'multiview',
  title: 'Multiview: 16 on air, its watching against the focused control room',
  onlyWhenNamed: true,
  async run(): Promise<BenchSectionResult> {
    const minutes = Number(process.env.MULTIVIEW_MINUTES ?? sized(2.3, 0.1));
    const measureMs = Math.max(sized(0.25, 0.1), minutes) * 60_000;
    const sandbox = await startSandbox({ port: 0, seed: 1, rateLimit: true, onAir: onAirCount });
    const dataDir = await mkdtemp(join(tmpdir(), 'onair-bench-multiview-'));
    const calls: Call[] = [];
    const core = await createDeskCore({
      dataDir,
      secrets: memorySecrets(),
      openSandbox: () =>
        openSandboxWorkspace({
          sandboxInfo: sandbox.info,
          fetch: async (request) => {
            const url = new URL(request.url);
            const kind = kindOf(request.method, url);
            const subject = /\/broadcasts\/([a-z0-9]{16})/.exec(url.pathname)?.[1] ?? null;
            calls.push({ at: performance.now(), kind, subject });
            return fetch(request);
          },
        }),
      log: () => undefined,
    });
    try {
      const phases = await measure(core, sandbox, calls, measureMs);
      return report(phases, minutes);
    } finally {
      await core.dispose();
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

async function measure(
  core: DeskCore,
  sandbox: SandboxHandle,
  calls: Call[],
  measureMs: number,
): Promise<Phase[]> {
  const invoke = async (command: string, input: unknown, clientId = 'bench') => {
    const result = await core.invoke(command, input, { clientId });
    if (!result.ok) throw new Error(`${command}: ${result.error.message}`);
    return result.data;
  };
  // The on-air broadcasts, read once by a second client (outside the app's budget).
  const listed = (await (
    await fetch(
      `${sandbox.info.live_base_url}/v1/live/service-accounts/${sandbox.info.service_account_key}/broadcasts?is_onair=1&per_page=100`,
      {
        headers: {
          Authorization: `Bearer ${sandbox.info.tokens.super_admin}`,
          'X-Sandbox-Probe': sandbox.probeKey,
        },
      },
    )
  ).json()) as { data: { key: string; use_timeshift: boolean }[] };
  const cueable = listed.data.filter((b) => b.use_timeshift).map((b) => b.key);
  const focused = cueable[0];
  if (!focused) throw new Error('no on-air broadcast with timeshift to focus');

  // What the screen would show: when each figure was last fetched.
  const listAt: { at: number | null } = { at: null };
  const viewersAt = new Map<string, number>();
  const participantsAt = new Map<string, number>();
  let onAirKeys: string[] = [];
  const off = core.subscribe((event, payload) => {
    if (event !== 'watch.update') return;
    const update = payload as WatchUpdate;
    const now = performance.now();
    if (update.kind === 'onair') {
      listAt.at = now;
      onAirKeys = update.data.broadcasts.map((b: Broadcast) => b.key);
    } else if (update.kind === 'viewers') viewersAt.set(update.broadcastKey, now);
    else if (update.kind === 'participants') participantsAt.set(update.broadcastKey, now);
  });

  // The control room as its view subscribes.
  const controlRoom = async (): Promise<string[]> => [
    (
      (await invoke('watch.subscribe', { spec: { kind: 'channels', order: 'id_desc' } })) as {
        watchId: string;
      }
    ).watchId,
    (
      (await invoke('watch.subscribe', {
        spec: { kind: 'broadcast', broadcastKey: focused, focused: true },
      })) as { watchId: string }
    ).watchId,
  ];

  const phases: Phase[] = [];
  /** When every tile first had its viewers and chat (performance.now()). */
  const filled: { at: number | null } = { at: null };
  const run = async (
    name: string,
    multiview: boolean,
    withControlRoom: boolean,
    lengthMs: number,
    pinned: readonly string[] = [],
  ): Promise<void> => {
    const pinnedAges: number[] = [];
    const unpinnedAges: number[] = [];
    const began = performance.now();
    const latencies: number[] = [];
    let failed = 0;
    const ages: { tile: number[]; viewers: number[]; participants: number[] } = {
      tile: [],
      viewers: [],
      participants: [],
    };
    let index = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      if (!multiview || listAt.at === null) return;
      ages.tile.push((now - listAt.at) / 1000);
      const all = onAirKeys.every((key) => viewersAt.has(key) && participantsAt.has(key));
      if (all && filled.at === null) filled.at = now;
      // Each tile's viewers and chat ages count once every tile was read (the first round
      // after opening takes one interval: figures.filledS).
      if (!all) return;
      for (const key of onAirKeys) {
        ages.viewers.push((now - (viewersAt.get(key) ?? now)) / 1000);
        const chatAge = (now - (participantsAt.get(key) ?? now)) / 1000;
        ages.participants.push(chatAge);
        if (pinned.length > 0) (pinned.includes(key) ? pinnedAges : unpinnedAges).push(chatAge);
      }
    }, 250);
    const commander = setInterval(() => {
      const key = cueable[index++ % cueable.length] ?? focused;
      const sent = performance.now();
      void invoke('broadcast.setCuePoint', { broadcastKey: key }, 'operator').then(
        () => latencies.push(performance.now() - sent),
        () => {
          failed += 1;
        },
      );
    }, commandEveryMs);
    await sleep(lengthMs);
    clearInterval(ticker);
    clearInterval(commander);
    const inPhase = calls.filter((c) => c.at >= began && c.at < began + lengthMs);
    await sleep(1_500);
    const perMinute = (n: number) => Math.round((n / (lengthMs / 60_000)) * 10) / 10;
    const byKind: Partial<Record<CallKind, number>> = {};
    for (const c of inPhase) byKind[c.kind] = (byKind[c.kind] ?? 0) + 1;
    // The Multiview's own reads: its list, the account's viewers, and the per-broadcast
    // reads, but for the focused broadcast's when the control room reads them anyway.
    const multiviewList = inPhase.filter(
      (c) =>
        c.kind === 'onair' ||
        c.kind === 'audience' ||
        ((c.kind === 'viewers' || c.kind === 'participants') &&
          !(withControlRoom && c.subject === focused)),
    );
    const multiviewCalls = multiviewList.length;
    // The most of the Multiview's calls in any 60 s within the phase.
    let busiestMinute: number | null = lengthMs >= 60_000 ? 0 : null;
    for (let from = began; from + 60_000 <= began + lengthMs + 1; from += 1_000)
      busiestMinute = Math.max(
        busiestMinute ?? 0,
        multiviewList.filter((c) => c.at >= from && c.at < from + 60_000).length,
      );
    const max = (values: number[]) => (values.length === 0 ? null : Math.max(...values));
    const spread = (values: number[]) =>
      values.length === 0 ? null : { maxS: Math.max(...values), p95S: percentile(values, 95) };
    phases.push({
      name,
      callsPerMinute: perMinute(inPhase.length),
      multiviewPerMinute: perMinute(multiview ? multiviewCalls : 0),
      multiviewBusiestMinute: multiview ? busiestMinute : null,
      byKind,
      oldestTileS: max(ages.tile),
      oldestViewersS: max(ages.viewers),
      oldestParticipantsS: max(ages.participants),
      pinnedChat: spread(pinnedAges),
      unpinnedChat: spread(unpinnedAges),
      commandP50Ms: Math.round(percentile(latencies, 50)),
      commandP99Ms: Math.round(percentile(latencies, 99)),
      commands: latencies.length,
      failedCommands: failed,
    });
  };

  const sideMs = Math.min(measureMs, 45_000);
  let roomWatches = await controlRoom();
  await sleep(5_000);
  await run('focused control room', false, true, sideMs);
  // The operator opens the Multiview instead: the control room's watches end.
  for (const watchId of roomWatches) await invoke('watch.unsubscribe', { watchId });
  const opened = performance.now();
  const multiviewWatch = (await invoke('watch.subscribe', { spec: { kind: 'multiview' } })) as {
    watchId: string;
  };
  // Warm-up: its list and first reads settle.
  await sleep(sized(30_000, 8_000));
  await run('Multiview', true, false, measureMs);
  // A second window shows the control room beside it.
  roomWatches = await controlRoom();
  await run('Multiview + control room (two windows)', true, true, sideMs);
  for (const watchId of roomWatches) await invoke('watch.unsubscribe', { watchId });
  // The operator pins two tiles (neither the focused one): the Multiview subscribes again
  // with them, as its view does, and the planner keeps every other read's age.
  const pinned = onAirKeys.filter((key) => key !== focused).slice(0, 2);
  await invoke('watch.unsubscribe', { watchId: multiviewWatch.watchId });
  const pinnedWatch = (await invoke('watch.subscribe', {
    spec: { kind: 'multiview', pinned },
  })) as { watchId: string };
  // Warm-up: the pinned tiles' first reads at their new interval.
  await sleep(sized(15_000, 3_000));
  await run('Multiview, two pinned', true, false, measureMs, pinned);
  await invoke('watch.unsubscribe', { watchId: pinnedWatch.watchId });
  off();
  filledS = filled.at === null ? null : Math.round((filled.at - opened) / 100) / 10;
  return phases;
}

function report(phases: Phase[], minutes: number): BenchSectionResult {
  const [alone, both, twoWindows, pinnedPhase] = phases;
  const shares = multiviewShares(onAirCount, 2);
  const unpinnedRoundS = Math.round(shares.unpinnedMs / 1000);
  const fmt = (n: number | null) => (n === null ? '—' : Number.isFinite(n) ? n.toFixed(1) : '∞');
  const rows = phases.map((p) => [
    p.name,
    p.callsPerMinute,
    p.multiviewPerMinute,
    p.multiviewBusiestMinute ?? '—',
    fmt(p.oldestTileS),
    fmt(p.oldestViewersS),
    fmt(p.oldestParticipantsS),
    p.pinnedChat ? `${fmt(p.pinnedChat.maxS)} / ${fmt(p.pinnedChat.p95S)}` : '—',
    p.unpinnedChat ? `${fmt(p.unpinnedChat.maxS)} / ${fmt(p.unpinnedChat.p95S)}` : '—',
    p.commandP50Ms,
    p.commandP99Ms,
    p.commands,
    p.failedCommands,
  ]);
  const mv = Math.max(
    both?.multiviewPerMinute ?? Infinity,
    both?.multiviewBusiestMinute ?? Infinity,
  );
  const tile = both?.oldestTileS ?? Infinity;
  const viewers = both?.oldestViewersS ?? Infinity;
  const chat = both?.oldestParticipantsS ?? Infinity;
  const p99 = both?.commandP99Ms ?? Infinity;
  const pinnedMax = pinnedPhase?.pinnedChat?.maxS ?? Infinity;
  const pinnedText = `max ${fmt(pinnedMax)} s, p95 ${fmt(pinnedPhase?.pinnedChat?.p95S ?? null)} s`;
  const unpinnedText = `max ${fmt(pinnedPhase?.unpinnedChat?.maxS ?? null)} s, p95 ${fmt(pinnedPhase?.unpinnedChat?.p95S ?? null)} s`;
  const goalList = [
    {
      text: `Multiview watching with ${onAirCount} on air ≤ ${goals.callsPerMinute} calls/min`,
      pass: mv <= goals.callsPerMinute,
      measured: `${both?.multiviewPerMinute ?? '—'} calls/min on average, ${both?.multiviewBusiestMinute ?? '—'} in the busiest 60 s (all calls ${both?.callsPerMinute ?? '—'}/min with the commands; focused control room ${alone?.callsPerMinute ?? '—'}/min; two windows ${twoWindows?.callsPerMinute ?? '—'}/min)`,
    },
    {
      text: `oldest tile age ≤ ${goals.oldestTileS} s`,
      pass: tile <= goals.oldestTileS,
      measured: `${fmt(tile)} s (the on-air list: tally, title, time on air, recording, cue point)`,
    },
    {
      text: `oldest viewers figure of any tile ≤ ${goals.oldestFigureS} s`,
      pass: viewers <= goals.oldestFigureS,
      measured: `${fmt(viewers)} s (every tile's viewers and sparkline from one read of the account's viewer statistics; two windows ${fmt(twoWindows?.oldestViewersS ?? null)} s)`,
    },
    {
      text: `oldest chat figure of any tile ≤ ${goals.oldestFigureS} s`,
      pass: chat <= goals.oldestFigureS,
      measured: `${fmt(chat)} s (participants are read broadcast by broadcast: the spec has no account-wide read of who is in a room now; the tile shows the figure's age; two windows ${fmt(twoWindows?.oldestParticipantsS ?? null)} s)`,
    },
    {
      text: `pinned tiles' chat ≤ ${goals.oldestFigureS} s (2 pinned, ${onAirCount} on air)`,
      pass: pinnedMax <= goals.oldestFigureS,
      measured: `${pinnedText} (each pinned tile's chat every ${shares.pinnedMs / 1000} s); the other tiles' chat ${unpinnedText} (planned every ${unpinnedRoundS} s: a lower bound when the phase is shorter); viewers ${fmt(pinnedPhase?.oldestViewersS ?? null)} s and state ${fmt(pinnedPhase?.oldestTileS ?? null)} s (each planned every ${shares.audienceMs / 1000} s while two are pinned); Multiview ${pinnedPhase?.multiviewPerMinute ?? '—'} calls/min, ${pinnedPhase?.multiviewBusiestMinute ?? '—'} in the busiest 60 s`,
    },
    {
      text: `command p99 ≤ ${goals.commandP99Ms} ms with the Multiview`,
      pass: p99 <= goals.commandP99Ms,
      measured: `${both?.commandP99Ms ?? '—'} ms (focused control room ${alone?.commandP99Ms ?? '—'} ms, two windows ${twoWindows?.commandP99Ms ?? '—'} ms, reported)`,
    },
  ];
  const passed = goalList.filter((goal) => goal.pass).length;
  const verdict = `multiview: ${passed === goalList.length ? 'PASS' : 'MISS'} (${passed}/${goalList.length} goals${benchSmoke() ? ', smoke' : ''}; pinned chat ≤ ${goals.oldestFigureS} s: ${pinnedMax <= goals.oldestFigureS ? 'PASS' : 'MISS'}, ${pinnedText}; unpinned ${unpinnedText}; with two pinned ${pinnedPhase?.multiviewBusiestMinute ?? '—'} calls in the busiest 60 s)`;
  return {
    table: {
      columns: [
        'variant',
        'calls/min',
        'multiview calls/min',
        'multiview busiest 60 s',
        'oldest tile s',
        'oldest viewers s',
        'oldest chat s',
        'command p50 ms',
        'command p99 ms',
        'commands',
        'failed',
      ],
      rows,
    },
    goals: goalList,
    notes: [
      `the Multiview measured ${minutes} min after a 30 s warm-up (at least one round of every tile's chat, 138 s), then with two pinned as long after 15 s, the other two ${Math.min(minutes, 0.75)} min each (smoke: 8 s and 3 s warm-ups); the platform's real rate limit (60/min, 1 s apart); a command every 5 s`,
      "viewers: the account's viewer statistics carry each broadcast's count per bucket (live-v1.yaml AccountViewerStatisticsPoint, our design read from the spec's row 'Viewer counts for all broadcasts'), read every 7.5 s: one call for every tile",
      "chat: the account's chat/stats counts messages and distinct chatters per hour or day, not who is in a room now; each tile's participants are read broadcast by broadcast with what the Multiview's 24 leave (7 a minute), every 138 s with 16 on air",
      `every tile had its viewers and chat ${filledS ?? '—'} s after the Multiview opened (its participants reads take turns, one every 8.6 s with 16 on air); the viewers and chat ages above count from then`,
      `calls by kind, Multiview: ${JSON.stringify(both?.byKind ?? {})}`,
      `two pinned: the on-air list, the viewers read and each pinned tile's chat every ${shares.pinnedMs / 1000} s (four figures under 10 s); the other 14 tiles' chat on what is left, at least 0.5 a minute, each every ${unpinnedRoundS} s (watch-plan.ts, multiviewShares); calls by kind: ${JSON.stringify(pinnedPhase?.byKind ?? {})}`,
      `calls by kind, two windows: ${JSON.stringify(twoWindows?.byKind ?? {})} (the watches together are held to 48 a minute, 12 kept for commands: the Multiview gets what the focused broadcast leaves)`,
    ],
    figures: { goals, phases, filledS, shares },
    verdict,
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}
