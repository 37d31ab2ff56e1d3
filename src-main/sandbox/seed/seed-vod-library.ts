/**
 * VOD seed beyond the media content records (seed-vod.ts): a three-level category tree,
 * four VOD channels (one encryption-dedicated, one inactive) with media content keys (some
 * spare), media profiles and groups, transcoding files, subtitles, player skins and events,
 * user keys. Deterministic from (seed, now ms); uses its own PRNG so the live seed is unchanged.
 *
 * Test hooks worth knowing: "Spring Split Finals: Full Match" is encrypted and stores its
 * original file; "Product Launch Keynote (archived)" is covered by a contract without the AI
 * add-on (AI creation answers 403); the account has hardware encoding off (H.265/AV1 → 422).
 */
import { createHash } from 'node:crypto';
import type { IdHolder } from '../state/ids';
import { newKey, nextId } from '../state/ids';
import type { MediaContentBase, MediaContentRecord } from '../state/state';
import type {
  VodCategoryRecord,
  VodChannelRecord,
  VodProfileRecord,
  VodState,
} from '../vod/vod-state';
import { firstTranscodingTimeline } from '../vod/vod-timelines';

const dayMs = 86_400_000;

/** Category tree: [name, parent name]; parents first. */
const categoryPlan: [string, string | null][] = [
  ['Events', null],
  ['Festivals', 'Events'],
  ['Summer Festival 2024', 'Festivals'],
  ['Sports', null],
  ['Esports', 'Sports'],
  ['Football', 'Sports'],
  ['Talk & News', null],
  ['Education', null],
  ['Archive', null],
];

/** Content title → category name. */
const contentCategories: Record<string, string> = {
  'Summer Festival 2024: Aftermovie': 'Summer Festival 2024',
  'Spring Split Finals: Full Match': 'Esports',
  'Morning Talk: Best of March': 'Talk & News',
  'Data Structures, Lecture 6: Trees': 'Education',
  'Product Launch Keynote (archived)': 'Archive',
  'Council Meeting: Zoning': 'Talk & News',
  'Matchday 13 Highlights': 'Football',
  'Election Night Special: Recap': 'Talk & News',
  'Summer Festival, Day 1: Opening Night': 'Summer Festival 2024',
};

const encryptedTitle = 'Spring Split Finals: Full Match';
const noAiTitle = 'Product Launch Keynote (archived)';
// Guide facts on AI subtitles (docs.kollus.com/en/service-guide/vod/ai/subtitle/): one
// multi-DRM content and one whose audio is sampled below 16 kHz, both refused (422).
const multiDrmTitle = 'Election Night Special: Recap';
const lowSampleRateTitle = 'Newsroom Promo: Live Desk';
const originalsKept = new Set([encryptedTitle, 'Data Structures, Lecture 6: Trees']);

/**
 * The VOD library of one sandbox, and its media contents: each of `contents` (the uploads)
 * completed with what the VOD API knows of it (category, first transcoding...), in order. Ids
 * and keys come from `ids` (ids.ts), the sandbox's one id scheme.
 */
export function seedVodLibrary(
  seed: number,
  now: number,
  contents: readonly MediaContentBase[],
  ids: IdHolder,
): { vod: VodState; contents: MediaContentRecord[] } {
  const created = new Date(now - 400 * dayMs);
  const vod: VodState = {
    publicOrigin: 'http://127.0.0.1',
    useHardwareEncoding: false,
    watermarkingCode: 'ONAIR-SANDBOX · {client_user_id}',
    serviceKeyHex: createHash('sha256').update(`onair-sandbox-service-key-${seed}`).digest('hex'),
    categories: [],
    channels: [],
    contentKeys: [],
    profileGroups: [],
    profiles: [],
    transcodingFiles: [],
    subtitles: [],
    aiSubtitleJobs: [],
    aiOutlines: [],
    skins: [
      { id: 1, name: 'OnAir Classic', createdAt: created },
      { id: 2, name: 'Dark Cinema', createdAt: created },
      { id: 3, name: 'Minimal Audio', createdAt: created },
    ],
    events: [
      {
        id: 11,
        name: 'Sponsor bumper (5 s)',
        kind: 'preroll',
        eventType: 'vast',
        media: 'skippable_video',
        adUrl: 'https://ads.example.com/vast/bumper.xml',
        isEnabled: true,
        createdAt: created,
      },
      {
        id: 12,
        name: 'Festival partner spot',
        kind: 'midroll',
        eventType: 'vmap',
        media: 'skippable_video',
        adUrl: 'https://ads.example.com/vast/festival.xml',
        isEnabled: true,
        createdAt: created,
      },
      {
        id: 13,
        name: 'Season pass promo',
        kind: 'postroll',
        eventType: 'play',
        media: 'overlay_image',
        adUrl: 'https://ads.example.com/images/season-pass.png',
        isEnabled: false,
        createdAt: created,
      },
    ],
    userKeys: [],
    downloads: new Map(),
    uploads: new Map(),
  };
  vod.userKeys.push({ key: newKey(ids, 32, 'mixed'), createdAt: created });
  vod.userKeys.push({ key: newKey(ids, 32, 'mixed'), createdAt: new Date(now - 30 * dayMs) });
  seedCategories(vod, ids, created);
  seedChannels(vod, ids, created);
  seedProfiles(vod, ids, created);
  const records = contents.map((content) => seedContent(vod, ids, content, now));
  return { vod, contents: records };
}

function seedCategories(vod: VodState, ids: IdHolder, created: Date): void {
  for (const [name, parentName] of categoryPlan) {
    const parentKey = vod.categories.find((item) => item.name === parentName)?.key ?? null;
    const category: VodCategoryRecord = {
      key: newKey(ids),
      name,
      parentKey,
      position: vod.categories.filter((item) => item.parentKey === parentKey).length + 1,
      channelKeys: [],
      createdAt: created,
      updatedAt: created,
    };
    vod.categories.push(category);
  }
}

function seedChannels(vod: VodState, ids: IdHolder, created: Date): void {
  const plans: [string, 0 | 1, 0 | 1, boolean, number | null][] = [
    ['Public Web Player', 0, 1, false, 1],
    ['Members Only (DRM)', 1, 1, false, 2],
    ['Partner Syndication', 0, 1, true, null],
    ['Legacy Mobile App', 0, 0, false, null],
  ];
  plans.forEach(([name, kind, status, isShared, skin], index) => {
    const channel: VodChannelRecord = {
      id: nextId(ids),
      key: newKey(ids),
      name,
      description: `${name} (sandbox seed)`,
      kind,
      status,
      streamingFormat: 'hls',
      isShared,
      usePlaybackToken: kind === 1,
      usePingback: false,
      callbackUrl: null,
      downloadCallbackUrl: null,
      blockExternalOutput: kind === 1,
      refererMode: 'none',
      refererDomains: [],
      refuseEmptyReferer: false,
      countryMode: 'none',
      countryCodes: [],
      subtitleLanguage: null,
      playerSkinId: skin,
      createdAt: new Date(created.getTime() + index * dayMs),
      updatedAt: new Date(created.getTime() + index * dayMs),
    };
    vod.channels.push(channel);
    // Two spare (unassigned) keys per channel, for the assign operation.
    for (let i = 0; i < 2; i += 1) {
      vod.contentKeys.push({
        key: newKey(ids, 8, 'mixed'),
        channelKey: channel.key,
        uploadFileKey: null,
        createdAt: created,
      });
    }
  });
  const general = vod.channels[0];
  const events = vod.categories.find((item) => item.name === 'Events');
  if (general !== undefined && events !== undefined) events.channelKeys.push(general.key);
}

function seedProfiles(vod: VodState, ids: IdHolder, created: Date): void {
  const adaptive = { key: newKey(ids), name: 'Adaptive streaming' };
  const mobile = { key: newKey(ids), name: 'Download and mobile' };
  vod.profileGroups.push(adaptive, mobile);
  const rows: [string, string, number, number, number, number][] = [
    [adaptive.key, '1080p H.264', 1, 1920, 1080, 5000],
    [adaptive.key, '720p H.264', 2, 1280, 720, 2800],
    [adaptive.key, '480p H.264', 3, 854, 480, 1400],
    [mobile.key, '360p mobile MP4', 4, 640, 360, 800],
  ];
  for (const [groupKey, name, presetId, width, height, bitrate] of rows) {
    const profile: VodProfileRecord = {
      key: newKey(ids),
      name,
      groupKey,
      presetId,
      containerFormat: groupKey === mobile.key ? 'mp4' : 'hls',
      videoCodec: 'h264',
      videoBitrate: bitrate,
      videoWidth: width,
      videoHeight: height,
      frameRate: 30,
      audioCodec: 'aac',
      audioBitrate: 128,
      categoryKeys: [],
      createdAt: created,
      updatedAt: created,
    };
    vod.profiles.push(profile);
  }
}

function seedContent(
  vod: VodState,
  ids: IdHolder,
  upload: MediaContentBase,
  now: number,
): MediaContentRecord {
  const running = upload.transcodingStage !== 21;
  // A running first transcoding: 20 min long, at 40 % now (500 s in, after 30 s of preparing).
  const transcodingMs = running ? 20 * 60_000 : 12 * 60_000;
  const startedAt = running
    ? new Date(Math.floor(now / 10_000) * 10_000 - 500_000)
    : upload.createdAt;
  const title = upload.title;
  const content: MediaContentRecord = {
    ...upload,
    categoryKey: vod.categories.find((item) => item.name === contentCategories[title])?.key ?? null,
    vrProjectionType: 'none',
    soundMode: 'stereo',
    isEncrypted: title === encryptedTitle,
    storesOriginalFile: originalsKept.has(title),
    aiAllowed: title !== noAiTitle,
    multiDrm: title === multiDrmTitle,
    audioSampleRateHz: title === lowSampleRateTitle ? 8_000 : 48_000,
    transcodingStartedAt: startedAt,
    transcodingMs,
    poster: null,
  };

  const channel = content.isEncrypted ? vod.channels[1] : vod.channels[0];
  if (channel !== undefined) {
    vod.contentKeys.push({
      key: content.mediaContentKey,
      channelKey: channel.key,
      uploadFileKey: content.uploadFileKey,
      createdAt: content.createdAt,
    });
  }
  const profiles = content.kind === 'audio' ? vod.profiles.slice(3) : vod.profiles.slice(0, 3);
  for (const profile of profiles) {
    vod.transcodingFiles.push({
      id: nextId(ids),
      uploadFileKey: content.uploadFileKey,
      profileKey: profile.key,
      status: 'enabled',
      transcoding: firstTranscodingTimeline(content),
      aiSpeed: null,
      createdAt: content.createdAt,
    });
  }
  seedSubtitles(vod, ids, content);
  return content;
}

const subtitlePlans: Record<string, [string, string][]> = {
  'Data Structures, Lecture 6: Trees': [
    ['English', 'en'],
    ['한국어', 'ko'],
    ['日本語', 'ja'],
  ],
  'Spring Split Finals: Full Match': [['한국어 해설', 'ko']],
  'Council Meeting: Zoning': [['English (CC)', 'en']],
};

function seedSubtitles(vod: VodState, ids: IdHolder, content: MediaContentRecord): void {
  (subtitlePlans[content.title] ?? []).forEach(([name, languageCode], index) => {
    vod.subtitles.push({
      id: nextId(ids),
      uploadFileKey: content.uploadFileKey,
      name,
      languageCode,
      position: index + 1,
      kind: index === 0 ? 0 : 1,
      status: 1,
      source: 'file',
      text: `WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n${content.title} (${languageCode})\n`,
      createdAt: content.createdAt,
      updatedAt: content.createdAt,
    });
  });
}
