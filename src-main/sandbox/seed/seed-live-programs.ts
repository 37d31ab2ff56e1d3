/**
 * Seed of scheduled (programmed) output: two scheduled channels whose programs fill today and
 * tomorrow (UTC) with a few gaps, a library of program media contents of varied durations and
 * three waiting screens. Deterministic from the seed's `random` source and `now`.
 */
import type { LiveState, ProgramMediaRecord, ProgramRecord } from '../live/live-state';
import type { IdHolder } from '../state/ids';
import { nextId } from '../state/ids';
import type { Random } from '../state/prng';
import { intBetween, lowerKey, pick } from '../state/prng';
import type { ChannelRecord } from '../state/state';

const dayMs = 86_400_000;

/** The scheduled channels with their program title pools and media library. */
const plans = [
  {
    title: 'Lo-fi Study Radio',
    customerCode: 'SCHED-LOFI',
    audiencePeak: 320,
    programTitles: ['Morning Focus Mix', 'Deep Work Session', 'Rainy Day Beats', 'Night Owl Loops'],
    media: [
      ['Lo-fi Mix Vol. 1', 1800],
      ['Lo-fi Mix Vol. 2', 2400],
      ['Jazzhop Sunrise', 1500],
      ['Chill Piano Hour', 3600],
      ['Station Ident', 30],
      ['Cafe Ambience', 900],
      ['Synthwave Drift', 1200],
    ],
  },
  {
    title: 'Retro Cartoon Classics',
    customerCode: 'SCHED-TOONS',
    audiencePeak: 140,
    programTitles: ['Saturday Toons Block', 'Classic Shorts', 'Cartoon Marathon', 'Bedtime Toons'],
    media: [
      ['Episode 101: The Big Race', 1320],
      ['Episode 102: Moon Picnic', 1320],
      ['Episode 103: Robot Trouble', 1380],
      ['Short: Paper Planes', 420],
      ['Short: The Lost Umbrella', 360],
      ['Toons Bumper', 15],
      ['Feature: Island Adventure', 4800],
    ],
  },
] as const;

/**
 * Adds the scheduled channels to `channels` (ids from `ids`, ids.ts) and fills `live`
 * with their media, waiting screens and programs from 00:00 UTC today to 00:00 UTC the day
 * after tomorrow. Each program plays 1 to 4 media contents; about one gap in five, 15 to 90 min.
 */
export function seedScheduledOutput(
  live: LiveState,
  ids: IdHolder,
  random: Random,
  channels: ChannelRecord[],
  profileGroupKey: string,
  now: number,
): void {
  const today = Math.floor(now / dayMs) * dayMs;
  live.waitMedia.push(
    ...['Starting soon', 'Be right back', 'Toons coming up'].map((title, index) => ({
      key: lowerKey(random, 16),
      title,
      imageUrl: `https://images.example.com/waiting/${index + 1}.jpg`,
      createdAt: new Date(today - (60 - index) * dayMs),
    })),
  );
  plans.forEach((plan, index) => {
    const key = lowerKey(random);
    channels.push({
      id: nextId(ids),
      key,
      title: plan.title,
      customerCode: plan.customerCode,
      isShared: false,
      concurrentlyViewerLimit: 1000,
      profileGroupKey,
      useChattingService: false,
      useTimeshift: false,
      idleScreenUrl: null,
      status: 'enabled',
      isTrashed: false,
      channelType: 'scheduled',
      createdAt: new Date(today - (90 - index * 20) * dayMs),
      audiencePeak: plan.audiencePeak,
    });
    const media = plan.media.map(([title, duration]) =>
      mediaContent(random, title, duration, today - intBetween(random, 10, 80) * dayMs),
    );
    live.programMedia.push(...media);
    // One uploaded item no program plays yet (it can be deleted).
    live.programMedia.push(
      mediaContent(random, `${plan.title}: Unscheduled Special`, 1800, today - 3 * dayMs),
    );
    const waitKey = live.waitMedia[index]?.key ?? null;
    live.programs.push(...fill(ids, random, key, plan.programTitles, media, waitKey, today));
  });
}

function fill(
  ids: IdHolder,
  random: Random,
  channelKey: string,
  titles: readonly string[],
  media: ProgramMediaRecord[],
  waitKey: string | null,
  today: number,
): ProgramRecord[] {
  const programs: ProgramRecord[] = [];
  let at = today;
  while (at < today + 2 * dayMs) {
    const count = intBetween(random, 1, 4);
    const chosen = Array.from({ length: count }, () => pick(random, media));
    const seconds = chosen.reduce((sum, item) => sum + item.durationSeconds, 0);
    if (at + seconds * 1000 > today + 2 * dayMs) break;
    const createdAt = new Date(today - intBetween(random, 1, 7) * dayMs);
    programs.push({
      id: nextId(ids),
      channelKey,
      title: pick(random, titles),
      startAt: new Date(at),
      mediaKeys: chosen.map((item) => item.uploadFileKey),
      waitMediaKey: random() < 0.5 ? waitKey : null,
      createdAt,
      updatedAt: createdAt,
    });
    at += seconds * 1000;
    // A few gaps: the channel shows its idle screen between programs.
    if (random() < 0.2) at += intBetween(random, 15, 90) * 60_000;
  }
  return programs;
}

function mediaContent(
  random: Random,
  title: string,
  durationSeconds: number,
  createdMs: number,
): ProgramMediaRecord {
  const day = new Date(createdMs).toISOString().slice(0, 10).replaceAll('-', '');
  return {
    uploadFileKey: `${day}-${lowerKey(random, 8)}`,
    title,
    durationSeconds,
    // About 4 Mbit/s of video: 500 000 bytes per second.
    fileSize: durationSeconds * 500_000,
    createdAt: new Date(createdMs),
  };
}
