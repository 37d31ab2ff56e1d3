/**
 * The audience of broadcasts: concurrent viewers and chat participants, as pure functions of
 * (seed, broadcast, virtual time). No timers: asking twice at the same virtual time gives the
 * same answer, and advancing the clock moves the audience along.
 */
import { hashUnit, lowerKey, mulberry32, pick } from '../state/prng';
import type { BroadcastRecord, ChannelRecord } from '../state/state';

const minuteMs = 60_000;
/** Viewer noise changes every 10 s of virtual time. */
const noiseBucketMs = 10_000;

/**
 * Concurrent viewers of `broadcast` at virtual time `atMs` (ms since epoch): a smooth curve
 * (ramp-up after the start, slow drift, fade before the end) times ±4 % noise per 10-s bucket,
 * capped by the channel's `concurrently_viewer_limit`. 0 before the start, after the end, or
 * after `nowMs` (the future is unknown).
 */
export function viewersAt(
  seed: number,
  broadcast: BroadcastRecord,
  channel: ChannelRecord,
  atMs: number,
  nowMs: number,
): number {
  const start = broadcast.startedAt?.getTime();
  const end = broadcast.endedAt?.getTime() ?? nowMs;
  if (start === undefined || atMs < start || atMs > end || atMs > nowMs) return 0;
  const key = broadcast.key;
  const minutesOn = (atMs - start) / minuteMs;
  const rampUp = 1 - Math.exp(-minutesOn / 6);
  const fade = broadcast.endedAt === null ? 1 : 1 - Math.exp(-((end - atMs) / minuteMs + 1) / 4);
  const period = 35 + 20 * hashUnit(seed, key, 'period');
  const phase = 2 * Math.PI * hashUnit(seed, key, 'phase');
  const drift =
    1 +
    0.12 * Math.sin((2 * Math.PI * minutesOn) / period + phase) +
    0.05 * Math.sin((2 * Math.PI * minutesOn) / (period / 3.7) + 2 * phase);
  const scale = 0.75 + 0.35 * hashUnit(seed, key, 'scale');
  const noise = 1 + (hashUnit(seed, key, Math.floor(atMs / noiseBucketMs)) - 0.5) * 0.08;
  const viewers = Math.round(channel.audiencePeak * scale * rampUp * fade * drift * noise);
  return Math.max(0, Math.min(channel.concurrentlyViewerLimit, viewers));
}

/** One bucket of viewer statistics: its start (UTC) and its viewer count. */
export interface ViewerBucket {
  startedAt: Date;
  viewerCount: number;
}

/**
 * Viewer counts of one UTC day in buckets of `durationMinutes`, from 00:00 UTC of `dayStartMs`
 * to the end of the day, or up to the bucket holding `nowMs`. A bucket's count is the
 * audience at its end, or at now for the current bucket (so an on-air broadcast's last bucket
 * is the current audience), or at the broadcast's end for the bucket where it ended.
 */
export function viewerBuckets(
  seed: number,
  broadcast: BroadcastRecord,
  channel: ChannelRecord,
  dayStartMs: number,
  durationMinutes: number,
  nowMs: number,
): ViewerBucket[] {
  const bucketMs = durationMinutes * minuteMs;
  const start = broadcast.startedAt?.getTime();
  const end = broadcast.endedAt?.getTime() ?? nowMs;
  const buckets: ViewerBucket[] = [];
  for (let at = dayStartMs; at < dayStartMs + 1440 * minuteMs && at <= nowMs; at += bucketMs) {
    const bucketEnd = at + bucketMs;
    const overlaps = start !== undefined && bucketEnd > start && at <= end;
    const sampleAt = Math.min(bucketEnd, nowMs, end);
    buckets.push({
      startedAt: new Date(at),
      viewerCount: overlaps ? viewersAt(seed, broadcast, channel, sampleAt, nowMs) : 0,
    });
  }
  return buckets;
}

/** A user in a broadcast's chat room. */
export interface ChatParticipant {
  userKey: string;
  nickname: string;
  joinedAt: Date;
}

/**
 * Who is in the chat room of an on-air broadcast at virtual time `nowMs`, most recently
 * joined first. Each of the broadcast's regulars comes and goes on a cycle of their own
 * (2 to 27 min, present 25 to 85 % of it), so the room changes every few seconds. Empty when
 * the broadcast is not on air or its channel does not use the chat service.
 */
export function chatParticipants(
  seed: number,
  broadcast: BroadcastRecord,
  channel: ChannelRecord,
  nowMs: number,
): ChatParticipant[] {
  const start = broadcast.startedAt?.getTime();
  if (!broadcast.isOnair || !channel.useChattingService || start === undefined || nowMs < start) {
    return [];
  }
  const key = broadcast.key;
  const regulars =
    channel.chatRegulars ?? Math.min(240, Math.max(12, Math.round(channel.audiencePeak * 0.06)));
  const firstUser = Math.floor(hashUnit(seed, key, 'users') * userPoolSize);
  const nowSecond = Math.floor(nowMs / 1000);
  const present: ChatParticipant[] = [];
  for (let regular = 0; regular < regulars; regular += 1) {
    const periodS = 120 + Math.floor(hashUnit(seed, key, regular, 'period') * 1500);
    const presentS = periodS * (0.25 + 0.6 * hashUnit(seed, key, regular, 'duty'));
    const offsetS = Math.floor(hashUnit(seed, key, regular, 'offset') * periodS);
    const position = (nowSecond + offsetS) % periodS;
    if (position >= presentS) continue;
    const userIndex = (firstUser + regular) % userPoolSize;
    present.push({
      userKey: userKey(seed, userIndex),
      nickname: nickname(seed, userIndex),
      joinedAt: new Date(Math.max(start, (nowSecond - position) * 1000)),
    });
  }
  return present.sort(
    (a, b) => b.joinedAt.getTime() - a.joinedAt.getTime() || a.userKey.localeCompare(b.userKey),
  );
}

const userPoolSize = 1000;
const nameStarts = [
  'mika',
  'jonas',
  'ava',
  'kofi',
  'lena',
  'noah',
  'yuna',
  'omar',
  'sofia',
  'theo',
  'priya',
  'mateo',
  'hana',
  'leo',
  'zoe',
  'ines',
  'kai',
  'nora',
  'ravi',
  'elif',
  'sam',
  'minjun',
  'chloe',
  'diego',
  'amara',
  'finn',
  'aiko',
  'lucas',
  'maya',
  'tariq',
];
const nameEnds = ['', '_live', '.tv', '_fan', 'cam', '_on_air', 'beats', '_gg', 'xo', '_news'];

function userKey(seed: number, userIndex: number): string {
  return lowerKey(mulberry32(Math.floor(hashUnit(seed, 'user', userIndex) * 2 ** 32)), 16);
}

function nickname(seed: number, userIndex: number): string {
  const random = mulberry32(Math.floor(hashUnit(seed, 'nickname', userIndex) * 2 ** 32));
  const digits = random() < 0.5 ? String(Math.floor(random() * 100)) : '';
  return `${pick(random, nameStarts)}${pick(random, nameEnds)}${digits}`;
}
