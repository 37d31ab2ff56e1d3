/**
 * A large VOD library for the sandbox (`--vod-contents N`, `startSandbox({ vodContents })`):
 * N media contents with titles an operator would search for (football matchdays, esports
 * weeks, lectures, talk shows, festival stages, council meetings, some in Korean), spread over
 * the seeded categories, three years of uploads, enabled and disabled, video and audio, a few
 * still transcoding. Deterministic from (seed, now ms): the same seed gives the same keys and
 * titles. It has its own PRNG, so the live seed and the demo library stay as they are.
 *
 * Cost (measured by `npm run bench -- vod-library`): 10 000 contents seed in well under a
 * second and take a few MB of heap; nothing in it is O(n²).
 */
import type { IdHolder } from '../state/ids';
import { nextId } from '../state/ids';
import type { Random } from '../state/prng';
import { intBetween, lowerKey, mixedKey, mulberry32, pick } from '../state/prng';
import type { MediaContentRecord } from '../state/state';
import type { VodState } from '../vod/vod-state';
import { firstTranscodingTimeline } from '../vod/vod-timelines';
import { uploadKeyDay } from './seed-vod';

const dayMs = 86_400_000;
/** Uploads spread over this many days before now. */
const spreadDays = 3 * 365;

/** One family of titles: the category it files under and how its titles read. */
interface TitleFamily {
  category: string;
  kind: 'video' | 'audio';
  /** Typical length, minutes. */
  minutes: [number, number];
  title: (random: Random, index: number) => string;
  file: (random: Random, index: number) => string;
}

const teams = [
  'Riverside FC',
  'Northgate United',
  'Harbor City',
  'Eastfield Rovers',
  'Kingsbridge Athletic',
  'Seoul Phoenix',
  'Busan Mariners',
  'Valley Wanderers',
];
const esportsTeams = ['Nova Five', 'Crimson Tide GG', 'Frostbyte', 'Lunar Wolves', 'Team Haneul'];
const courses = [
  ['Data Structures', ['Arrays', 'Linked Lists', 'Trees', 'Heaps', 'Graphs', 'Hashing']],
  ['Linear Algebra', ['Vectors', 'Matrices', 'Determinants', 'Eigenvalues', 'Projections']],
  ['Broadcast Engineering', ['Encoding', 'Latency', 'Audio Levels', 'Colour', 'Redundancy']],
  ['Korean History', ['Joseon', 'Goryeo', 'Three Kingdoms', 'Modern Era']],
] as const;
const talkTopics = [
  'Housing',
  'Climate',
  'Transport',
  'Local Elections',
  'Startups',
  'Food Markets',
  'Schools',
  'Tourism',
];
const stages = ['Main Stage', 'Riverside Stage', 'Acoustic Tent', 'Late Night Club'];
const koreanShows = ['아침 뉴스', '주간 토크', '음악 여행', '역사 강의'];

const families: TitleFamily[] = [
  {
    category: 'Football',
    kind: 'video',
    minutes: [6, 12],
    title: (random) => {
      const home = pick(random, teams);
      const away = pick(
        random,
        teams.filter((team) => team !== home),
      );
      return `Matchday ${intBetween(random, 1, 38)} Highlights: ${home} vs ${away}`;
    },
    file: (_random, index) => `md_highlights_${index}.mp4`,
  },
  {
    category: 'Esports',
    kind: 'video',
    minutes: [35, 95],
    title: (random) => {
      const blue = pick(random, esportsTeams);
      const red = pick(
        random,
        esportsTeams.filter((team) => team !== blue),
      );
      return `Spring Split Week ${intBetween(random, 1, 10)}: ${blue} vs ${red}, Game ${intBetween(random, 1, 5)}`;
    },
    file: (_random, index) => `split_game_${index}.mov`,
  },
  {
    category: 'Education',
    kind: 'video',
    minutes: [45, 95],
    title: (random) => {
      const [course, subjects] = pick(random, courses);
      return `${course}, Lecture ${intBetween(random, 1, 24)}: ${pick(random, subjects)}`;
    },
    file: (_random, index) => `lecture-${index}.mp4`,
  },
  {
    category: 'Talk & News',
    kind: 'video',
    minutes: [20, 60],
    title: (random) =>
      random() < 0.5
        ? `Morning Talk: ${pick(random, talkTopics)}`
        : `Council Meeting: ${pick(random, talkTopics)}`,
    file: (_random, index) => `talk_${index}.mp4`,
  },
  {
    category: 'Summer Festival 2024',
    kind: 'video',
    minutes: [30, 150],
    title: (random) =>
      `Summer Festival, Day ${intBetween(random, 1, 4)}: ${pick(random, stages)} Set ${intBetween(random, 1, 12)}`,
    file: (_random, index) => `festival_feed_${index}.mp4`,
  },
  {
    category: 'Talk & News',
    kind: 'video',
    minutes: [15, 50],
    title: (random) => `${pick(random, koreanShows)} ${intBetween(random, 1, 400)}회`,
    file: (_random, index) => `kr_show_${index}.mp4`,
  },
  {
    category: 'Archive',
    kind: 'audio',
    minutes: [40, 80],
    title: (random) => `Sunday Worship (audio only), Week ${intBetween(random, 1, 52)}`,
    file: (_random, index) => `worship_${index}.m4a`,
  },
];

/**
 * Adds `count` generated contents to `contents` (the demo library, mutated) and their VOD
 * records (a media content key on the public channel, transcoding files) to `vod`.
 * Categories are found by name among `vod.categories` (seed-vod-library.ts); a missing one
 * leaves the content uncategorised. `contents` stays oldest first. Ids come from `ids` (ids.ts).
 */
export function addLargeLibrary(
  vod: VodState,
  contents: MediaContentRecord[],
  count: number,
  seed: number,
  now: number,
  ids: IdHolder,
): void {
  const random = mulberry32((seed ^ 0x5eed_1ab5) >>> 0);
  const categoryKeys = new Map(vod.categories.map((category) => [category.name, category.key]));
  const publicChannel = vod.channels[0];
  const profilesFor = (kind: 'video' | 'audio') =>
    kind === 'audio' ? vod.profiles.slice(3) : vod.profiles.slice(0, 3);
  const added: MediaContentRecord[] = [];
  const taken = new Set(contents.map((content) => content.uploadFileKey));
  for (let index = 0; index < count; index += 1) {
    const family = pick(random, families);
    // Oldest first, with a jitter: three years of uploads, a few a day.
    const ageMs = spreadDays * dayMs * (1 - (index + random()) / count);
    const createdAt = new Date(Math.floor((now - ageMs - dayMs) / 1000) * 1000);
    // About one in 400 still transcodes (uploaded in the last hour of virtual time).
    const transcoding = random() < 0.0025;
    const created = transcoding ? new Date(now - intBetween(random, 60, 600) * 1000) : createdAt;
    const seconds = intBetween(random, family.minutes[0] * 60, family.minutes[1] * 60);
    const bytesPerSecond = family.kind === 'audio' ? 32_000 : 1_100_000;
    const transcodingMs = 12 * 60_000;
    let uploadFileKey = `${uploadKeyDay(created)}-${lowerKey(random, 8)}`;
    // 36^8 keys a day make a clash unlikely, but a clash would merge two contents.
    while (taken.has(uploadFileKey))
      uploadFileKey = `${uploadKeyDay(created)}-${lowerKey(random, 8)}`;
    taken.add(uploadFileKey);
    const content: MediaContentRecord = {
      uploadFileKey,
      mediaContentKey: mixedKey(random, 8),
      title: family.title(random, index),
      kind: family.kind,
      durationSeconds: seconds,
      posterUrl:
        family.kind === 'audio'
          ? null
          : `https://images.example.com/posters/${lowerKey(random, 12)}.jpg`,
      status: random() < 0.08 ? 'disabled' : 'enabled',
      transcodingStage: transcoding ? 0 : 21,
      transcodingProgress: transcoding ? 0 : 100,
      originalFileName: family.file(random, index),
      originalFileSize: seconds * bytesPerSecond + intBetween(random, 0, 1_000_000),
      createdAt: created,
      transcodedAt: transcoding ? null : new Date(created.getTime() + transcodingMs),
      updatedAt: transcoding ? created : new Date(created.getTime() + transcodingMs),
      categoryKey: categoryKeys.get(family.category) ?? null,
      vrProjectionType: 'none',
      soundMode: 'stereo',
      isEncrypted: false,
      storesOriginalFile: random() < 0.1,
      aiAllowed: true,
      transcodingStartedAt: created,
      transcodingMs,
      poster: null,
    };
    added.push(content);
    if (publicChannel !== undefined) {
      vod.contentKeys.push({
        key: content.mediaContentKey,
        channelKey: publicChannel.key,
        uploadFileKey: content.uploadFileKey,
        createdAt: created,
      });
    }
    for (const profile of profilesFor(content.kind)) {
      vod.transcodingFiles.push({
        id: nextId(ids),
        uploadFileKey: content.uploadFileKey,
        profileKey: profile.key,
        status: 'enabled',
        transcoding: firstTranscodingTimeline(content),
        aiSpeed: null,
        createdAt: created,
      });
    }
  }
  // One sort of the whole library (n log n): the demo contents fall among the generated ones.
  contents.push(...added);
  contents.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
