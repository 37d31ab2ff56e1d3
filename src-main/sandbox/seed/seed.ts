/**
 * Seed data of the sandbox platform: a service account a broadcaster recognises at first
 * sight. Deterministic from (seed, start): the same seed and virtual start give the same
 * keys, titles and times.
 *
 * Live: 10 channels; 3 on air now (Main Stage and Newsroom 24/7 with timeshift, Studio B Talk
 * without; Newsroom's manual recording runs), ended broadcasts days ago on most channels,
 * Weekend Matchday disabled, Product Launch 2023 trashed, Backstage Cam never on air; a
 * profile group with 7 encoding profiles (3 active) and a small second group.
 * Channels: seed-channels.ts; VOD library: seed-vod.ts.
 */
import type { ChannelPlan } from './seed-channels';
import { channelPlans } from './seed-channels';
import type { Random } from '../state/prng';
import { newIdCounters, nextId } from '../state/ids';
import { intBetween, lowerKey, mulberry32 } from '../state/prng';
import { seedLive } from './seed-live-extras';
import { seedMediaContents } from './seed-vod';
import { seedVodLibrary } from './seed-vod-library';
import { addLargeLibrary } from './seed-vod-large';
import type {
  BroadcastRecord,
  ChannelRecord,
  ProfileGroupRecord,
  ProfileRecord,
  SandboxState,
} from '../state/state';

/** The one service account of every sandbox. */
export const sandboxServiceAccountKey = 'onair-sandbox';

const minuteMs = 60_000;
const dayMs = 86_400_000;

/** What a seed may change beyond (seed, start). */
export interface SeedOptions {
  /**
   * How many VOD media contents the library holds (seed-vod-large.ts): fewer than the 12 demo
   * contents keeps the oldest of them (0: an empty library); more adds generated ones.
   * Default: the 12 demo contents.
   */
  vodContents?: number;
}

/** Builds the whole state of one sandbox. `start` is the virtual clock's start. */
export function seedState(seed: number, start: Date, options: SeedOptions = {}): SandboxState {
  const random = mulberry32(seed);
  const ids = { ids: newIdCounters(seed) };
  const now = start.getTime();
  const { profileGroups, profiles } = seedProfiles(random);
  const mainGroupKey = profileGroups[0]?.key ?? '';
  const channels: ChannelRecord[] = [];
  const broadcasts: Omit<BroadcastRecord, 'id'>[] = [];

  channelPlans.forEach((plan) => {
    const key = lowerKey(random);
    channels.push({
      id: nextId(ids),
      key,
      title: plan.title,
      customerCode: plan.customerCode,
      isShared: plan.shared ?? false,
      concurrentlyViewerLimit: plan.viewerLimit,
      profileGroupKey: mainGroupKey,
      useChattingService: plan.useChat,
      useTimeshift: plan.useTimeshift,
      idleScreenUrl: plan.idleScreen ? `https://images.example.com/idle/${key}.jpg` : null,
      status: plan.status ?? 'enabled',
      isTrashed: plan.trashed ?? false,
      channelType: 'live',
      createdAt: wholeSecond(now - plan.createdDaysAgo * dayMs - intBetween(random, 0, dayMs)),
      audiencePeak: plan.audiencePeak,
    });
    broadcasts.push(...seedHistory(random, plan, key, now));
    if (plan.onAir !== undefined) {
      const startedAt = wholeSecond(now - intBetween(random, 20 * 60, 90 * 60) * 1000);
      const recordingMinutes = plan.recordingForMinutes;
      broadcasts.push({
        key: lowerKey(random),
        channelKey: key,
        title: plan.onAir,
        isOnair: true,
        useTimeshift: plan.useTimeshift,
        startedAt,
        pausedAt: null,
        endedAt: null,
        cueSignAt: null,
        duplicateRecordingStartedAt:
          recordingMinutes === undefined ? null : wholeSecond(now - recordingMinutes * minuteMs),
        createdAt: startedAt,
      });
    }
  });

  // Always drawn in full, so that the live seed after it stays the same for any library size.
  const demoContents = seedMediaContents(random, now);
  const wanted = options.vodContents ?? demoContents.length;
  // Ids follow creation time, so `order=id_desc` lists the newest broadcast first.
  broadcasts.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const numbered = broadcasts.map((broadcast) => ({ id: nextId(ids), ...broadcast }));
  const live = seedLive({ seed, ids: ids.ids, channels, broadcasts, profileGroups }, now);
  // The VOD library last: its ids and keys come from the same counters (ids.ts), so a library
  // of any size never moves a live id or key.
  const { vod, contents: mediaContents } = seedVodLibrary(
    seed,
    now,
    demoContents.slice(0, wanted),
    ids,
  );
  if (wanted > demoContents.length)
    addLargeLibrary(vod, mediaContents, wanted - demoContents.length, seed, now, ids);
  return {
    seed,
    ids: ids.ids,
    serviceAccountKey: sandboxServiceAccountKey,
    contract: {
      name: 'OnAir Desk Sandbox',
      plan: 'Business Live',
      startedAt: wholeSecond(now - 400 * dayMs),
      endsAt: wholeSecond(now + 330 * dayMs),
      channelLimit: 20,
      concurrentlyViewerLimit: 20000,
      activeProfileLimit: 3,
      useTimeshift: true,
      useChattingService: true,
    },
    profileGroups,
    profiles,
    channels,
    broadcasts: numbered,
    mediaContents,
    vod,
    live,
  };
}

function seedHistory(
  random: Random,
  plan: ChannelPlan,
  channelKey: string,
  now: number,
): Omit<BroadcastRecord, 'id'>[] {
  return plan.history.map((title, index) => {
    const daysAgo = (index + 1) * plan.everyDays + (plan.trashed ? 500 : 0);
    const startedAt = wholeSecond(
      now - daysAgo * dayMs - intBetween(random, 0, 6 * 60) * minuteMs - 2 * 60 * minuteMs,
    );
    const endedAt = new Date(startedAt.getTime() + intBetween(random, 45, 180) * minuteMs);
    return {
      key: lowerKey(random),
      channelKey,
      title,
      isOnair: false,
      useTimeshift: plan.useTimeshift,
      startedAt,
      pausedAt: null,
      endedAt,
      cueSignAt: plan.useTimeshift ? new Date(startedAt.getTime() + 5 * minuteMs) : null,
      duplicateRecordingStartedAt: null,
      createdAt: startedAt,
    };
  });
}

function seedProfiles(random: Random): {
  profileGroups: ProfileGroupRecord[];
  profiles: ProfileRecord[];
} {
  const standard = { key: lowerKey(random), name: 'Standard HD ladder' };
  const audio = { key: lowerKey(random), name: 'Radio and podcast' };
  const rows: [
    string,
    string,
    ProfileRecord['videoScreenType'],
    number,
    number,
    number,
    number,
    boolean,
  ][] = [
    [standard.key, '1080p', 'landscape', 1920, 1080, 5000, 160, true],
    [standard.key, '720p', 'landscape', 1280, 720, 2800, 128, true],
    [standard.key, '480p', 'landscape', 854, 480, 1400, 128, true],
    [standard.key, '360p', 'landscape', 640, 360, 800, 96, false],
    [standard.key, '1080p portrait', 'portrait', 1080, 1920, 5000, 160, false],
    [standard.key, '720p portrait', 'portrait', 720, 1280, 2800, 128, false],
    [standard.key, '480p portrait', 'portrait', 480, 854, 1400, 96, false],
    [audio.key, '360p with studio audio', 'landscape', 640, 360, 600, 256, false],
    [audio.key, 'Audio only (still image)', 'landscape', 320, 180, 100, 256, false],
  ];
  const profiles = rows.map(([groupKey, name, screen, width, height, video, sound, active], i) => ({
    id: 101 + i,
    groupKey,
    name,
    videoScreenType: screen,
    videoWidth: width,
    videoHeight: height,
    videoBitrate: video,
    audioBitrate: sound,
    isActive: active,
  }));
  return { profileGroups: [standard, audio], profiles };
}

function wholeSecond(ms: number): Date {
  return new Date(Math.floor(ms / 1000) * 1000);
}
