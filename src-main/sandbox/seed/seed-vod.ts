/**
 * VOD seed data: a small library with finished, transcoding, disabled and audio content.
 * Deterministic from the PRNG it is given and the virtual start `now` (ms).
 */
import type { Random } from '../state/prng';
import { intBetween, lowerKey, mixedKey } from '../state/prng';
import type { MediaContentBase } from '../state/state';

const dayMs = 86_400_000;

interface ContentPlan {
  title: string;
  file: string;
  daysAgo: number;
  minutes: number;
  kind?: 'audio';
  disabled?: boolean;
  /** Transcoding still running at this percent. */
  transcodingPercent?: number;
}

const contentPlans: ContentPlan[] = [
  {
    title: 'Summer Festival 2024: Aftermovie',
    file: 'aftermovie_final_v3.mp4',
    daysAgo: 95,
    minutes: 4,
  },
  {
    title: 'Spring Split Finals: Full Match',
    file: 'finals_game5_master.mov',
    daysAgo: 80,
    minutes: 74,
  },
  {
    title: 'Morning Talk: Best of March',
    file: 'morning-talk-best-of-march.mp4',
    daysAgo: 64,
    minutes: 52,
  },
  {
    title: 'Sunday Worship (audio only)',
    file: 'worship_2024-04-07.m4a',
    daysAgo: 58,
    minutes: 71,
    kind: 'audio',
  },
  {
    title: 'Data Structures, Lecture 6: Trees',
    file: 'ds-lecture-06.mp4',
    daysAgo: 45,
    minutes: 88,
  },
  {
    title: 'Product Launch Keynote (archived)',
    file: 'keynote_2023_fullres.mp4',
    daysAgo: 40,
    minutes: 61,
    disabled: true,
  },
  {
    title: 'Council Meeting: Zoning',
    file: 'council_zoning_session.mp4',
    daysAgo: 33,
    minutes: 126,
  },
  { title: 'Matchday 13 Highlights', file: 'md13_highlights.mp4', daysAgo: 21, minutes: 9 },
  { title: 'Newsroom Promo: Live Desk', file: 'live-desk-promo-30s.mp4', daysAgo: 12, minutes: 1 },
  { title: 'Backstage Tour with the Crew', file: 'backstage_tour.mp4', daysAgo: 6, minutes: 17 },
  { title: 'Election Night Special: Recap', file: 'election_recap.mp4', daysAgo: 2, minutes: 23 },
  {
    title: 'Summer Festival, Day 1: Opening Night',
    file: 'day1_program_feed.mp4',
    daysAgo: 0.2,
    minutes: 142,
    transcodingPercent: 40,
  },
];

/** The library, oldest first. */
export function seedMediaContents(random: Random, now: number): MediaContentBase[] {
  return contentPlans.map((plan) => {
    const createdAt = new Date(Math.floor((now - plan.daysAgo * dayMs) / 1000) * 1000);
    const transcoding = plan.transcodingPercent !== undefined;
    const transcodedAt = transcoding ? null : new Date(createdAt.getTime() + 12 * 60_000);
    const seconds = plan.minutes * 60 + intBetween(random, 0, 59);
    const bytesPerSecond = plan.kind === 'audio' ? 32_000 : 1_100_000;
    return {
      uploadFileKey: `${uploadKeyDay(createdAt)}-${lowerKey(random, 8)}`,
      mediaContentKey: mixedKey(random, 8),
      title: plan.title,
      kind: plan.kind ?? 'video',
      durationSeconds: seconds,
      posterUrl:
        plan.kind === 'audio'
          ? null
          : `https://images.example.com/posters/${lowerKey(random, 12)}.jpg`,
      status: plan.disabled ? 'disabled' : 'enabled',
      transcodingStage: transcoding ? 12 : 21,
      transcodingProgress: plan.transcodingPercent ?? 100,
      originalFileName: plan.file,
      originalFileSize: seconds * bytesPerSecond + intBetween(random, 0, 1_000_000),
      createdAt,
      transcodedAt,
      updatedAt: transcodedAt ?? createdAt,
    };
  });
}

/**
 * The observed `upload_file_key` prefix: `YYYYMMDD` of an instant, UTC (not a `YYYY-MM-DD`
 * day, which live/live-dates.ts `utcDay` gives).
 */
export function uploadKeyDay(date: Date): string {
  return date.toISOString().slice(0, 10).replaceAll('-', '');
}
