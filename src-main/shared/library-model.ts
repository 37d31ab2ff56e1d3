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
