/**
 * Seed of the live API beyond channels and broadcasts (live-state.ts): chatting service
 * contracts, channel settings, creators, syndications, file-transfer destinations, recording
 * files of the ended broadcasts, and the scheduled output (seed-live-programs.ts).
 * Deterministic: its own random source from the seed, so the other seed data keep their keys.
 */
import type { LiveState } from '../live/live-state';
import { nextId } from '../state/ids';
import { emptyLiveState } from '../live/live-state';
import { lowerKey, mulberry32 } from '../state/prng';
import { addRecordingFile } from '../live/live-recordings';
import { seedScheduledOutput } from './seed-live-programs';
import type { BroadcastRecord, SandboxState } from '../state/state';

const dayMs = 86_400_000;

/**
 * Builds the live state for `base` (the rest of the seed) at virtual time `now` (ms); adds the
 * two scheduled channels to `base.channels`.
 */
export function seedLive(
  base: Pick<SandboxState, 'seed' | 'ids' | 'channels' | 'profileGroups'> & {
    broadcasts: readonly Pick<BroadcastRecord, 'key' | 'channelKey' | 'startedAt' | 'endedAt'>[];
  },
  now: number,
): LiveState {
  const live = emptyLiveState();
  const random = mulberry32((base.seed ^ 0x5eed11fe) >>> 0);
  live.chattingServices.push(
    { id: 1, name: 'Live Chat Standard', maxParticipants: 5000, expiresAt: at(now + 330 * dayMs) },
    {
      id: 2,
      name: 'Event Chat Pack (expired)',
      maxParticipants: 20000,
      expiresAt: at(now - 10 * dayMs),
    },
  );
  const byCode = new Map(base.channels.map((channel) => [channel.customerCode, channel.key]));
  const key = (code: string): string => byCode.get(code) ?? '';

  for (const channel of base.channels) {
    channel.settings = {
      recordingFilePolicy:
        channel.customerCode === 'NEWS-247' ? 3 : channel.customerCode === 'FEST-BACK' ? 0 : 1,
      idleScreenKind: channel.idleScreenUrl === null ? 1 : 0,
      useDuplicateBlock: channel.customerCode === 'SPORT-MATCH',
      useCaptureBlock: false,
      metaTitlePattern: null,
      metaDescription: null,
      chattingServiceId: channel.useChattingService ? 1 : null,
    };
  }

  const creators: [string, string, string | null][] = [
    ['FEST-MAIN', 'dj_marisol', 'marisol@example.com'],
    ['FEST-MAIN', 'Festival Host Ken', null],
    ['GAME-ARENA', 'caster_nova', 'nova@example.com'],
    ['GAME-ARENA', 'caster_rook', 'rook@example.com'],
    ['GAME-ARENA', 'analyst_bo', null],
    ['EDU-LH101', 'Prof. Adeyemi', 'adeyemi@example.edu'],
  ];
  creators.forEach(([code, nickname, email], index) => {
    live.creators.push({
      code: lowerKey(random, 10),
      channelKey: key(code),
      nickname,
      email,
      createdAt: at(now - (40 - index) * dayMs),
    });
  });

  const syndications: [string, string, string, string, 0 | 1][] = [
    ['FEST-MAIN', 'YouTube', 'rtmp://a.rtmp.youtube.com/live2', 'yt-fest-main-7h2k', 1],
    ['FEST-MAIN', 'Twitch', 'rtmp://live.twitch.tv/app', 'live_48211_fest', 0],
    ['GAME-ARENA', 'Twitch', 'rtmps://live.twitch.tv/app', 'live_99120_arena', 1],
  ];
  for (const [code, title, link, streamName, status] of syndications) {
    const createdAt = at(now - 30 * dayMs);
    live.syndications.push({
      id: nextId(base),
      channelKey: key(code),
      title,
      link,
      streamName,
      status,
      createdAt,
      updatedAt: createdAt,
    });
  }

  const transfers: [
    string,
    LiveState['fileTransfers'][number]['kind'],
    string,
    boolean,
    Record<string, string | number>,
  ][] = [
    [
      'FEST-MAIN',
      'ftp',
      'Archive FTP',
      true,
      {
        host: 'archive.example.com',
        port: 21,
        username: 'onair',
        password: 'seed-ftp-secret',
        directory: '/festival',
        passive_mode: 1,
      },
    ],
    [
      'FEST-MAIN',
      's3',
      'Recordings bucket',
      true,
      {
        bucket: 'onair-recordings',
        region: 'ap-northeast-2',
        access_key_id: 'AKIAEXAMPLE0001',
        secret_access_key: 'seed-s3-secret',
        prefix: 'main-stage/',
      },
    ],
    [
      'NEWS-247',
      'service',
      'News VOD library',
      true,
      {
        vod_service_account_key: 'onair-vod',
        vod_channel_key: 'newsarchive0001',
        vod_category_key: 'bulletins',
      },
    ],
    [
      'GAME-ARENA',
      'sftp',
      'Highlights editor',
      false,
      {
        host: 'edit.example.net',
        port: 22,
        username: 'arena',
        password: 'seed-sftp-secret',
        directory: '/incoming',
      },
    ],
  ];
  for (const [code, kind, title, isActive, fields] of transfers) {
    const createdAt = at(now - 60 * dayMs);
    live.fileTransfers.push({
      id: nextId(base),
      channelKey: key(code),
      kind,
      title,
      isActive,
      fields,
      createdAt,
      updatedAt: createdAt,
    });
  }

  for (const broadcast of base.broadcasts) {
    const { startedAt, endedAt } = broadcast;
    const channel = base.channels.find((candidate) => candidate.key === broadcast.channelKey);
    const policy = channel?.settings?.recordingFilePolicy ?? 1;
    if (startedAt === null || endedAt === null || policy === 0) continue;
    // Scheduled channels make no recordings (followed from the public service guide:
    // https://docs.kollus.com/en/service-guide/live/setting/recording/).
    if (channel?.channelType === 'scheduled') continue;
    const kinds = policy === 3 ? (['segment', 'duplicate'] as const) : (['segment'] as const);
    for (const kind of kinds)
      addRecordingFile(live, base, broadcast.channelKey, broadcast.key, kind, startedAt, endedAt);
  }

  seedScheduledOutput(live, base, random, base.channels, base.profileGroups[0]?.key ?? '', now);
  return live;
}

function at(ms: number): Date {
  return new Date(Math.floor(ms / 1000) * 1000);
}
