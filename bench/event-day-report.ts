/**
 * Turns what the event-day run saw into the section's table, goals and verdict line: each
 * figure against the first minute's.
 */
import type { MinuteCount } from '../src-main/sandbox/index';
import type { CommandOutcome } from './event-day-operator';
import type { FailureReading } from './event-day-watch';
import type { BenchGoal, BenchSectionResult } from './section';

/** One memory reading, bytes; `atMs` since the run began. */
export interface MemorySample {
  atMs: number;
  mainRssBytes: number;
  mainHeapBytes: number;
  rendererHeapBytes: number;
}

/** Everything the run measured. */
export interface EventDayRun {
  minutes: number;
  memory: MemorySample[];
  commands: CommandOutcome[];
  calls: MinuteCount[];
  oldestFirstMinute: Ages;
  oldestAllDay: Ages;
  restart: FailureReading & { downMs: number; appRestarted: boolean };
  token: { bannerAfterMs: number | null; renewed: boolean };
  uploads: string[];
  consoleErrors: string[];
  /** What happened when (ISO-8601 UTC): read the per-minute counts against it. */
  happenings: { name: string; at: string }[];
  /** When the run began (ISO-8601 UTC). */
  beganAt: string;
}

type Ages = { broadcast: number | null; viewers: number | null; participants: number | null };

const mb = 1024 * 1024;
const growthGoalMbPerHour = 20;
const recoveryGoalMs = 10_000;
const staleShownGoalMs = 5_000;

/** The section's result; `verdict` is the bench's last line. */
export function reportEventDay(run: EventDayRun): BenchSectionResult & { verdict: string } {
  const start = run.memory.find((m) => m.atMs >= 60_000) ?? run.memory[0];
  const end = run.memory.at(-1);
  const hours = start && end ? Math.max(1e-9, (end.atMs - start.atMs) / 3_600_000) : 1;
  const growth = (pick: (m: MemorySample) => number) =>
    start && end ? (pick(end) - pick(start)) / mb / hours : Number.NaN;
  const memoryRow = (name: string, pick: (m: MemorySample) => number) => [
    name,
    start ? round(pick(start) / mb) : '—',
    end ? round(pick(end) / mb) : '—',
    round(growth(pick)),
  ];

  const live = run.calls.filter((c) => c.account.startsWith('live:'));
  const vod = run.calls.filter((c) => c.account.startsWith('vod:'));
  const most = (rows: MinuteCount[]) => Math.max(0, ...rows.map((r) => r.calls));
  const sum = (field: keyof Omit<MinuteCount, 'minute' | 'account'>) =>
    run.calls.reduce((total, row) => total + row[field], 0);
  const throttled = sum('throttled');
  const injected = sum('injectedThrottled');

  const sent = run.commands.length;
  const done = run.commands.filter((c) => c.outcome === 'done').length;
  const refused = run.commands.filter((c) => c.outcome === 'refused').length;
  const lost = run.commands.filter((c) => c.outcome === 'lost');
  const mainGrowth = growth((m) => m.mainHeapBytes);
  const rendererGrowth = growth((m) => m.rendererHeapBytes);
  const stale = run.restart.staleShownAfterMs;
  const fresh = run.restart.freshAfterMs;

  const goals: BenchGoal[] = [
    {
      text: `main heap growth < ${growthGoalMbPerHour} MB/h`,
      pass: mainGrowth < growthGoalMbPerHour,
      measured: `${round(mainGrowth)} MB/h (RSS ${round(growth((m) => m.mainRssBytes))} MB/h)`,
    },
    {
      text: `renderer JS heap growth < ${growthGoalMbPerHour} MB/h`,
      pass: rendererGrowth < growthGoalMbPerHour,
      measured: `${round(rendererGrowth)} MB/h`,
    },
    {
      text: 'every command answered (done, or refused with a message), none lost',
      pass: lost.length === 0 && sent > 0,
      measured: `${done + refused}/${sent} answered (${done} done, ${refused} refused), ${lost.length} lost`,
    },
    {
      text: 'no 429 outside the injected burst',
      pass: throttled === 0,
      measured: `${throttled} rate-limit 429s; ${injected} from the injected burst`,
    },
    {
      text: `fresh again within ${recoveryGoalMs / 1000} s of the sandbox coming back, app not restarted`,
      pass: fresh !== null && fresh <= recoveryGoalMs && !run.restart.appRestarted,
      measured: fresh === null ? 'never fresh again' : `${seconds(fresh)} s`,
    },
    {
      text: `failing state shown within ${staleShownGoalMs / 1000} s`,
      pass: stale !== null && stale <= staleShownGoalMs,
      measured:
        stale === null
          ? `no stale marker shown during the ${seconds(run.restart.downMs)} s outage`
          : `${seconds(stale)} s`,
    },
  ];
  const pass = goals.every((g) => g.pass);
  const verdict =
    `event-day: ${pass ? 'PASS' : 'FAIL'} (${run.minutes} min; ` +
    `main heap ${round(mainGrowth)} MB/h, renderer heap ${round(rendererGrowth)} MB/h; ` +
    `commands ${done + refused}/${sent} answered, ${lost.length} lost; ` +
    `most calls/min live ${most(live)} vod ${most(vod)}; 429s ${throttled} + ${injected} injected; ` +
    `recovery ${fresh === null ? 'never' : `${seconds(fresh)} s`}; ` +
    `stale shown ${stale === null ? 'never' : `after ${seconds(stale)} s`})`;

  // The first whole calendar minute of the run: the sandbox counts by calendar minute.
  const firstWhole = new Date(Math.ceil(Date.parse(run.beganAt) / 60_000) * 60_000).toISOString();
  const first = (rows: MinuteCount[]) => rows.find((r) => r.minute === firstWhole)?.calls ?? 0;
  const age = (value: number | null) => (value === null ? '—' : value);
  return {
    table: {
      columns: ['figure', 'first minute', 'end / whole run', 'growth MB/h'],
      rows: [
        memoryRow('main RSS (MB)', (m) => m.mainRssBytes),
        memoryRow('main heap after GC (MB)', (m) => m.mainHeapBytes),
        memoryRow('renderer JS heap after GC (MB)', (m) => m.rendererHeapBytes),
        ['live calls in a minute (most)', first(live), most(live), ''],
        ['VOD calls in a minute (most)', first(vod), most(vod), ''],
        [
          'oldest broadcast state on screen (s)',
          age(run.oldestFirstMinute.broadcast),
          age(run.oldestAllDay.broadcast),
          '',
        ],
        [
          'oldest viewers figure (s)',
          age(run.oldestFirstMinute.viewers),
          age(run.oldestAllDay.viewers),
          '',
        ],
        [
          'oldest participants figure (s)',
          age(run.oldestFirstMinute.participants),
          age(run.oldestAllDay.participants),
          '',
        ],
      ],
    },
    goals,
    notes: notes(run, { sent, lost, throttled, injected }),
    figures: { ...run, goals, verdict },
    verdict,
  };
}

function notes(
  run: EventDayRun,
  counts: { sent: number; lost: CommandOutcome[]; throttled: number; injected: number },
): string[] {
  const refusals = [
    ...new Set(
      run.commands
        .filter((c) => c.message && c.outcome === 'refused')
        .map((c) => `${c.kind}: ${c.message}`),
    ),
  ];
  const slowest = Math.max(0, ...run.commands.map((c) => c.answerMs));
  return [
    `faults all day: answers 80–250 ms late, 2 % server errors, 2 % dropped connections; one 429 burst; one token revoked and renewed through the banner; one sandbox restart with --state on the same port (down ${seconds(run.restart.downMs)} s)`,
    `commands: one every 20 s through the UI (rename, cue point, start and stop recording); slowest answer on screen ${seconds(slowest)} s`,
    ...refusals
      .slice(0, 6)
      .map((text) => `refused, as the operator read it: ${text.slice(0, 160)}`),
    ...counts.lost
      .slice(0, 4)
      .map((c) => `lost: ${c.kind} at ${seconds(c.atMs)} s (${c.message ?? ''})`),
    `sandbox restart: oldest broadcast state on screen ${run.restart.longestBroadcastAgeS ?? '—'} s; stale marker ${run.restart.staleShownAfterMs === null ? 'never shown (the view kept the last figures with only their age label)' : `shown after ${seconds(run.restart.staleShownAfterMs)} s`}; app process ${run.restart.appRestarted ? 'RESTARTED' : 'kept running'}`,
    `token revoked: banner ${run.token.bannerAfterMs === null ? 'never shown' : `shown after ${seconds(run.token.bannerAfterMs)} s`}; new token typed in the banner ${run.token.renewed ? 'accepted, calls resumed' : 'NOT accepted'}`,
    ...run.calls
      .filter((row) => row.throttled > 0)
      .map(
        (row) =>
          `rate-limit 429 in ${row.minute.slice(11, 16)} UTC (${row.account}, ${row.throttled}); that minute: ${
            run.happenings
              .filter((h) => h.at.slice(0, 16) === row.minute.slice(0, 16))
              .map((h) => h.name)
              .join(', ') || 'commands and polls only'
          }`,
      ),
    `uploads (VOD content): ${summarizeStates(run.uploads)}`,
    `calls are counted by the sandbox per account and calendar minute (UTC); memory is read after a garbage collection, start = first reading after 60 s`,
    `console errors in the page: ${run.consoleErrors.length}${run.consoleErrors[0] ? ` (first: ${run.consoleErrors[0].slice(0, 120)})` : ''}`,
  ];
}

function summarizeStates(states: string[]): string {
  if (states.length === 0) return 'none listed';
  const counts = new Map<string, number>();
  for (const state of states) counts.set(state, (counts.get(state) ?? 0) + 1);
  return [...counts].map(([state, n]) => `${n} ${state}`).join(', ');
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function seconds(ms: number): number {
  return Math.round(ms / 100) / 10;
}
