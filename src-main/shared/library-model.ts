/** What the Library's commands answer (issue "The VOD library"): the app's own shapes. */

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
