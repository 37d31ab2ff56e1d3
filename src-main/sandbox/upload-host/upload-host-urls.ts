/**
 * The one-time upload URLs as the upload host sees them: the VOD ones
 * (`{origin}/vod/upload/{token}`, `POST /upload/create-url`) and the live ones
 * (`{origin}/live/uploads/{token}`, program media and waiting screens), found by token,
 * taken once, and the file transfer each one starts.
 *
 * Observed (docs/platform-facts.md, "One-time upload URLs"): a URL is single use and
 * dies at `expired_at`; an expired, unknown or used URL answers 404 `{ error: 1, message }`.
 * A transfer is plain data kept on the URL's record (`transfer`), so persistence.ts saves it
 * with the rest of the state and a restarted sandbox resumes partial tus uploads.
 */
import { liveUploadsPrefix } from '../live/live-files';
import type { UploadUrlRecord as LiveUploadUrlRecord, LiveState } from '../state/model/live';
import type { SandboxState } from '../state/model/state';
import type { UploadTransfer } from '../state/model/upload';
import type { UploadUrlRecord as VodUploadUrlRecord } from '../state/model/vod';
import { vodUploadPrefix } from '../vod/vod-files';

export type { UploadKind, UploadTransfer } from '../state/model/upload';

/** Path prefixes of the one-time upload URLs (vod-files.ts, live-files.ts issue them). */
export const uploadUrlPrefixes = { vod: vodUploadPrefix, live: liveUploadsPrefix } as const;

/** A one-time upload URL of either API, with what its upload becomes. */
export type UploadUrl =
  | { api: 'vod'; kind: 'vod-content'; record: VodUploadUrlRecord }
  | { api: 'live'; kind: 'program-media' | 'wait-media'; record: LiveUploadUrlRecord };

/** Why a one-time upload URL cannot start an upload. */
export type UploadUrlRefusal = 'unknown' | 'used' | 'expired';

/** The URL with `token` under `api`'s prefix, or undefined when no such URL was issued. */
export function findUploadUrl(
  state: SandboxState,
  api: 'vod' | 'live',
  token: string,
): UploadUrl | undefined {
  if (api === 'vod') {
    const record = state.vod.uploads.get(token);
    return record === undefined ? undefined : { api, kind: 'vod-content', record };
  }
  const record = state.live.uploadUrls.find((item) => item.token === token);
  return record === undefined ? undefined : { api, kind: record.kind, record };
}

/** Why `url` cannot start an upload at `nowMs`, or null when it can (observed: 404 otherwise). */
export function refusalOf(url: UploadUrl | undefined, nowMs: number): UploadUrlRefusal | null {
  if (url === undefined) return 'unknown';
  if (url.record.usedAt !== null) return 'used';
  if (url.record.expiresAt.getTime() <= nowMs) return 'expired';
  return null;
}

/** The 404 message for a refusal, in the operator's words. */
export function refusalMessage(refusal: UploadUrlRefusal, url: UploadUrl | undefined): string {
  switch (refusal) {
    case 'unknown':
      return 'This upload URL does not exist: ask the platform for a new one-time upload URL.';
    case 'used':
      return 'This upload URL has already been used: each file needs its own one-time upload URL. Ask for a new one.';
    case 'expired':
      return `This upload URL expired at ${url?.record.expiresAt.toISOString() ?? 'its expiry time'}: ask for a new one-time upload URL.`;
  }
}

/**
 * Takes `url` for a transfer starting now: marks it used and records `transfer` on it.
 * Call only after `refusalOf` answered null.
 */
export function startTransfer(url: UploadUrl, transfer: UploadTransfer, now: Date): void {
  url.record.usedAt = now;
  url.record.transfer = transfer;
  if (url.api === 'vod') url.record.progress = 0;
}

/** Every one-time upload URL that started a transfer. */
export function uploadsWithTransfers(
  state: SandboxState,
): { url: UploadUrl; transfer: UploadTransfer }[] {
  const found: { url: UploadUrl; transfer: UploadTransfer }[] = [];
  for (const record of state.vod.uploads.values()) {
    if (record.transfer !== undefined)
      found.push({ url: { api: 'vod', kind: 'vod-content', record }, transfer: record.transfer });
  }
  for (const record of state.live.uploadUrls) {
    if (record.transfer !== undefined)
      found.push({ url: { api: 'live', kind: record.kind, record }, transfer: record.transfer });
  }
  return found;
}

/** The transfer with `id` and its URL, or undefined. */
export function findTransfer(
  state: SandboxState,
  id: string,
): { url: UploadUrl; transfer: UploadTransfer } | undefined {
  return uploadsWithTransfers(state).find((item) => item.transfer.id === id);
}

/** The transfer of the URL whose upload file key is `uploadFileKey`, or undefined. */
export function transferByKey(
  state: SandboxState,
  uploadFileKey: string,
): { url: UploadUrl; transfer: UploadTransfer } | undefined {
  return uploadsWithTransfers(state).find(
    (item) => item.url.record.uploadFileKey === uploadFileKey,
  );
}

/**
 * Records that `receivedBytes` are on disk. VOD: `progress_url` reports the whole percent
 * received, at most 99 until the upload is complete (100 comes with completion).
 */
export function noteReceived(
  url: UploadUrl,
  transfer: UploadTransfer,
  receivedBytes: number,
): void {
  transfer.receivedBytes = receivedBytes;
  if (url.api !== 'vod' || transfer.status !== 'receiving') return;
  const size = transfer.sizeBytes;
  url.record.progress = size <= 0 ? 0 : Math.min(99, Math.floor((100 * receivedBytes) / size));
}

/** The URL's waiting-screen images by key (for `GET /live/wait-media/{key}`). */
export function waitMediaTransfer(live: LiveState, key: string): UploadTransfer | undefined {
  const record = live.uploadUrls.find(
    (item) => item.kind === 'wait-media' && item.uploadFileKey === key,
  );
  return record?.transfer?.status === 'stored' ? record.transfer : undefined;
}
