/**
 * Room for a seat's file on the hub's disk (issue 32, "Network limits"; docs/security.md,
 * "Network limits"). A seat's upload is refused, from its declared size and before any byte
 * is written, when it would leave less free space on the hub's disk than the hub's operator
 * keeps (default 5 GB), or when it is larger than the operator's largest file (default none).
 * The seat asks first (`POST /studio/files/room`), so it learns the refusal before its upload
 * starts; `PUT /studio/files` checks again.
 *
 * The operator's setting is `studio/seat-uploads.json` in the hub's data folder:
 * `{ "keepFreeGb": 5, "maxFileGb": null }` (GB = 10^9 bytes), read at each check.
 */
import { mkdir, readFile, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/** 1 GB, as disks are sold and the operator's setting counts (10^9 bytes). */
export const gigabyte = 1_000_000_000;

/** What the hub's operator set for seats' files. */
export interface SeatUploadPolicy {
  /** Free bytes the hub's disk keeps after any seat's file. */
  keepFreeBytes: number;
  /** The largest seat file, bytes; null: no limit but the free space. */
  maxFileBytes: number | null;
}

/** Keep 5 GB free; no size limit beyond that. */
export const defaultSeatUploadPolicy: SeatUploadPolicy = {
  keepFreeBytes: 5 * gigabyte,
  maxFileBytes: null,
};

/** The setting file's name in the hub's `studio/` folder. */
export const seatUploadPolicyFile = 'seat-uploads.json';

const policyFile = z.object({
  keepFreeGb: z.number().nonnegative().max(1_000_000).optional(),
  maxFileGb: z.number().positive().max(1_000_000).nullable().optional(),
});

/**
 * The operator's setting in `studioDir`, or the defaults when the file is absent.
 * @throws Error naming the file when it is there but not a valid setting (the hub refuses
 *   seats' files rather than guess).
 */
export async function readSeatUploadPolicy(studioDir: string): Promise<SeatUploadPolicy> {
  const path = join(studioDir, seatUploadPolicyFile);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return defaultSeatUploadPolicy;
  }
  const parsed = policyFile.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${path} is not a valid setting of seats’ files.`);
  return {
    keepFreeBytes:
      parsed.data.keepFreeGb === undefined
        ? defaultSeatUploadPolicy.keepFreeBytes
        : Math.round(parsed.data.keepFreeGb * gigabyte),
    maxFileBytes:
      parsed.data.maxFileGb === undefined || parsed.data.maxFileGb === null
        ? null
        : Math.round(parsed.data.maxFileGb * gigabyte),
  };
}

/** Free bytes for an unprivileged writer on the disk of `dir` (created if missing). */
export async function diskFreeBytes(dir: string): Promise<number> {
  await mkdir(dir, { recursive: true });
  const info = await statfs(dir);
  return info.bavail * info.bsize;
}

/** Why a file has no room: too large for the operator's limit, or it would eat the reserve. */
export interface NoRoom {
  reason: 'too-large' | 'keep-free';
  sizeBytes: number;
  freeBytes: number;
  keepFreeBytes: number;
  maxFileBytes: number | null;
}

/** Whether a file of `sizeBytes` may be kept: null if so, else why not. */
export function roomFor(
  sizeBytes: number,
  freeBytes: number,
  policy: SeatUploadPolicy,
): NoRoom | null {
  const facts = { sizeBytes, freeBytes, ...policy };
  if (policy.maxFileBytes !== null && sizeBytes > policy.maxFileBytes)
    return { reason: 'too-large', ...facts };
  if (freeBytes - sizeBytes < policy.keepFreeBytes) return { reason: 'keep-free', ...facts };
  return null;
}

/** Bytes as GB with one decimal, for the operator's message (`12.3`). */
export function inGigabytes(bytes: number): string {
  return (Math.floor((bytes / gigabyte) * 10) / 10).toFixed(1);
}

/** The refusal's English text (the hub's answer; the seat says it in its language). */
export function noRoomText(name: string, room: NoRoom): string {
  return room.reason === 'too-large'
    ? `“${name}” (${inGigabytes(room.sizeBytes)} GB) is larger than the studio hub takes (${inGigabytes(room.maxFileBytes ?? 0)} GB): it was not sent.`
    : `“${name}” (${inGigabytes(room.sizeBytes)} GB) was not sent: the studio hub keeps ${inGigabytes(room.keepFreeBytes)} GB free on its disk and has ${inGigabytes(room.freeBytes)} GB. Free some space at the hub, then queue it again.`;
}
