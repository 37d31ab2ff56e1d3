/** What the Library's commands answer (issue "The VOD library"): the app's own shapes. */
import type { BatchBudget } from './model';

/** One content of the VOD library (VOD API v3 `MediaContent`, the fields a list shows). */
export interface ContentSummary {
  /** `YYYYMMDD-xxxxxxxx` (observed). */
  uploadFileKey: string;
  mediaContentKey: string;
  title: string;
  kind: 'video' | 'audio';
  /** Seconds. */
  durationS: number;
  status: 'enabled' | 'disabled';
  /** The platform's transcoding stage name, e.g. `transcoded`. */
  transcodingStage: string;
  /** 0–100. */
  transcodingProgress: number;
  originalFileName: string;
  /** Bytes. */
  originalFileSize: number;
  /** ISO-8601 UTC. */
  createdAt: string;
}

/** A country of the platform's reference data (ISO 3166-1 alpha-2 code, English name). */
export interface Country {
  code: string;
  name: string;
}

/** A language (ISO 639-1 code, English name); `subtitles` when subtitles can use it. */
export interface Language {
  code: string;
  name: string;
  subtitles: boolean;
}

/** A timezone: IANA name and its standard offset from UTC (`+09:00`). */
export interface Timezone {
  name: string;
  utcOffset: string;
}

/**
 * Deepest level of the category tree: 5 (followed from the public service guide:
 * https://docs.kollus.com/en/service-guide/vod/content/category/). Shown before a
 * subcategory is created under a level-5 category.
 */
export const maxCategoryDepth = 5;

/** A category of the library (VOD API v3 `Category`); the tree is in depth-first order. */
export interface LibraryCategory {
  key: string;
  name: string;
  /** Null for a top-level category. */
  parentKey: string | null;
  /** 1 for top level, at most {@link maxCategoryDepth}. */
  level: number;
  /** 1-based place among its siblings. */
  position: number;
  /** Contents directly in this category. */
  contentCount: number;
  subcategoryCount: number;
}

/** A category with the VOD channels connected to it (GET /categories/{category_key}). */
export interface LibraryCategoryDetail extends LibraryCategory {
  channels: VodChannelRef[];
}

/** A VOD channel as a picker or a drop target names it (VOD API v3 `Channel`, key and name). */
export interface VodChannelRef {
  key: string;
  name: string;
  /** 0 general, 1 encryption-dedicated (VOD API v3 `Channel.kind`). */
  kind?: 0 | 1;
  /** Contents linked to the channel. */
  contentCount?: number;
}

/** VR projection of a video (vod-v3.yaml `VrProjectionType`). */
export type VrProjectionType = 'none' | 'equirectangular_360' | 'equirectangular_180' | 'cubemap';

/** Sound mode (vod-v3.yaml `SoundMode`). */
export type SoundMode = 'stereo' | 'mono' | 'surround_5_1';

/** One content as its overview shows it (VOD API v3 `MediaContentDetail`). */
export interface ContentOverview extends ContentSummary {
  categoryKey: string | null;
  vrProjectionType: VrProjectionType;
  soundMode: SoundMode;
  /** Poster image URL on the platform, or null when none. */
  posterUrl: string | null;
  isEncrypted: boolean;
  /** Original-file storage is on: the original can be downloaded (public service guide). */
  storesOriginalFile: boolean;
  /** Keys of the VOD channels the content is linked to. */
  channelKeys: string[];
  /** ISO-8601 UTC. */
  updatedAt: string;
}

/** One operation of a Library batch, sent as one platform call at `bulk` priority. */
export type LibraryOperation =
  | { op: 'enable'; uploadFileKey: string; title: string }
  | { op: 'disable'; uploadFileKey: string; title: string }
  | { op: 'move'; uploadFileKey: string; title: string; categoryKey: string }
  | { op: 'delete'; uploadFileKey: string; title: string };

/** A Library batch as previewed: its operations and budget cost. */
export interface LibraryBatchPlan {
  operations: LibraryOperation[];
  /** Platform calls the batch makes (one per operation). */
  calls: number;
  /** Seconds the batch takes at the VOD account's pace (its scheduler's spacing). */
  seconds: number;
  /** Its cost to the VOD budget. */
  budget?: BatchBudget;
}
