/**
 * The knobs of the upload engine (docs/dev/architecture.md, "Uploads and downloads"): backoff,
 * follow-up polling, tus chunk size, event spacing and the one-time URL margin. Tests shorten
 * the waits through `UploadEngineOptions.tuning`.
 */
import { defaultFollowUpTuning, type FollowUpTuning } from './follow-up';
import { defaultTusChunkBytes } from './tus-send';
import { defaultBackoff, type BackoffPolicy } from './upload-figures';

/** Knobs of the engine; tests shorten the waits. */
export interface UploadTuning {
  backoff: BackoffPolicy;
  followUp: FollowUpTuning;
  /** Bytes per tus PATCH. Default unlimited: one PATCH per file (tus-send.ts). */
  tusChunkBytes: number;
  /** Least time between two progress events, ms. Default 250 (4 a second). */
  eventSpacingMs: number;
  /** A one-time URL expiring sooner than this is replaced before starting, ms. Default 60 000. */
  urlMarginMs: number;
}

/** The engine's knobs when nothing is given. */
export const defaultTuning: UploadTuning = {
  backoff: defaultBackoff,
  followUp: defaultFollowUpTuning,
  tusChunkBytes: defaultTusChunkBytes,
  eventSpacingMs: 250,
  urlMarginMs: 60_000,
};
