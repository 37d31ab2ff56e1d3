/**
 * The Multiview's pure rules, kept apart from its components so they can be tested: a tile's
 * tally, the 30-minute sparkline of a viewer series, and which broadcasts left the air between
 * two reads of the on-air list (the "ended" strip).
 */
import type {
  Broadcast,
  ChannelSummary,
  Fresh,
  OnAirList,
  ViewerSeries,
} from '../../src-main/shared/model';

/** The query key under which the Multiview keeps the on-air list its watch pushes. */
export const multiviewOnAirKey = ['multiview', 'onair'] as const;

/**
 * The on-air list with one broadcast replaced by a command's answer (`broadcast.startRecording`
 * and the like answer the broadcast as the platform now has it), when that answer is newer
 * than the list's read: a tile shows what its own command did at once, not at the watch's
 * next read (up to 10 s later). The list's own `fetchedAt` is kept; the next read replaces it
 * all. Unchanged when the broadcast is not in the list or the list is the newer.
 */
export function withAnswer(list: Fresh<OnAirList>, answer: Fresh<Broadcast>): Fresh<OnAirList> {
  if (answer.fetchedAt <= list.fetchedAt) return list;
  if (!list.data.broadcasts.some((b) => b.key === answer.data.key)) return list;
  const broadcasts = list.data.broadcasts.map((b) => (b.key === answer.data.key ? answer.data : b));
  return { ...list, data: { ...list.data, broadcasts } };
}

/** What a tile's tally lamp shows, most important first. */
export type Tally = 'disabled' | 'recording' | 'onAir' | 'offAir';

/**
 * The tally of a broadcast on its channel: `disabled` when the channel is (playback blocked,
 * spec: States), else `recording` while manual recording runs, else on or off air.
 */
export function tallyOf(broadcast: Broadcast, channel: ChannelSummary | undefined): Tally {
  if (channel?.status === 'disabled') return 'disabled';
  if (!broadcast.onAir) return 'offAir';
  return broadcast.recording ? 'recording' : 'onAir';
}

/** The sparkline's window: the last 30 minutes, ms. */
export const sparkWindowMs = 30 * 60_000;

/**
 * The points of `series` within the 30 minutes before `now` (epoch ms), as `[x, y]` in a
 * `width` × `height` box (y grows downward, the box's top is the window's peak). Fewer than
 * two points give none (nothing to draw).
 */
export function sparkline(
  series: ViewerSeries | undefined,
  now: number,
  width: number,
  height: number,
): { points: [number, number][]; first: number; last: number } | null {
  const from = now - sparkWindowMs;
  const inWindow = (series?.points ?? []).filter((p) => {
    const at = Date.parse(p.at);
    return at >= from - (series?.intervalMinutes ?? 5) * 60_000 && at <= now;
  });
  if (inWindow.length < 2) return null;
  const peak = Math.max(1, ...inWindow.map((p) => p.viewers));
  const points = inWindow.map((p): [number, number] => {
    const x = ((Date.parse(p.at) - from) / sparkWindowMs) * width;
    const y = height - (p.viewers / peak) * (height - 2) - 1;
    return [Math.max(0, Math.min(width, round(x))), round(y)];
  });
  return {
    points,
    first: inWindow[0]?.viewers ?? 0,
    last: inWindow.at(-1)?.viewers ?? 0,
  };
}

/** One line of the ended strip. */
export interface EndedLine {
  broadcastKey: string;
  channelKey: string;
  title: string;
  /** When the list that no longer held it was read, epoch ms UTC. */
  at: number;
}

/**
 * The broadcasts of `before` that `after` no longer holds: they left the air between the two
 * reads, at `at` (epoch ms UTC) at the latest.
 */
export function leftTheAir(before: Broadcast[], after: Broadcast[], at: number): EndedLine[] {
  const still = new Set(after.map((b) => b.key));
  return before
    .filter((b) => !still.has(b.key))
    .map((b) => ({ broadcastKey: b.key, channelKey: b.channelKey, title: b.title, at }));
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
