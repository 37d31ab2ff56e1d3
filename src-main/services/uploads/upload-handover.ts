/**
 * Uploads a studio hub hands to its backup (docs/dev/architecture.md, "The takeover protocol",
 * item 9). The hub's heartbeat carries, for each upload of a seat's file still being sent,
 * what the backup needs to go on with it where the platform kept it: its one-time upload URL
 * and tus location (they grant the right to upload: they travel only on the backup's
 * authenticated TLS follow stream, never to a seat, never logged), target, name, size and the
 * seat that queued it (shared/seat-copies.ts). When that seat queues the same file again at
 * the backup, the backup's engine takes the hub's URL instead of asking for a new one, and the
 * tus upload resumes from the server's offset (tus HEAD, as after a restart). A multipart
 * upload cannot resume: it starts again with a new URL, and its note says so.
 */
import { seatOfCopy } from '../../shared/seat-copies';
import type { UploadTarget } from '../../shared/uploads';
import { m, setNote } from './problem-words';
import type { OneTimeUrl, UploadRecord } from './upload-record';

/** One upload of a seat's file the hub was sending. Sizes in bytes; times ISO 8601 UTC. */
export interface HandedUpload {
  /** The seat that queued it (its id in the studio's registry). */
  seatId: string;
  name: string;
  sizeBytes: number;
  target: UploadTarget;
  /** The protocol the upload speaks (tus resumes; multipart starts again). */
  protocol: 'tus' | 'multipart';
  /** Its one-time URL (tus: with its expiry), or null for a multipart one. */
  url: OneTimeUrl | null;
  /** The tus upload's own URL (`Location`), or null. */
  location: string | null;
  /** Bytes the hub last knew the upload host held (tus) or had sent (multipart). */
  sentBytes: number;
}

/**
 * What the hub hands over of its queue: every seat's file still in its sending phase that
 * was started (a one-time URL in use). Files not started need nothing: the backup starts them.
 */
export function handOver(records: Iterable<UploadRecord>): HandedUpload[] {
  const handed: HandedUpload[] = [];
  for (const record of records) {
    const seatId = seatOfCopy(record.path);
    if (seatId === null || record.phase !== 'sending') continue;
    if (['done', 'cancelled', 'processing'].includes(record.state)) continue;
    if (record.url === null || record.protocol === null) continue;
    if (record.protocol === 'tus' && record.location === null) continue;
    handed.push({
      seatId,
      name: record.name,
      sizeBytes: record.sizeBytes,
      target: record.target,
      protocol: record.protocol,
      url: record.protocol === 'tus' ? { ...record.url } : null,
      location: record.protocol === 'tus' ? record.location : null,
      sentBytes: record.sentBytes,
    });
  }
  return handed;
}

/**
 * The uploads the hub last handed over, as the backup keeps them: each taken at most once,
 * by a new record of the same seat, name, size and target (see {@link adopt}).
 */
export class Handover {
  #offered: HandedUpload[] = [];

  /** Replaces what is offered with the hub's latest beat. */
  offer(uploads: readonly HandedUpload[]): void {
    this.#offered = uploads.map((upload) => ({ ...upload }));
  }

  /** What is offered now (tests). */
  offered(): readonly HandedUpload[] {
    return this.#offered;
  }

  /**
   * Lets a record just queued go on with the hub's upload of the same file: a tus upload whose
   * URL is still good for `marginMs` takes the hub's URL and location (the run resumes from
   * the server's offset); a multipart one is noted as starting again. Answers whether the
   * record matched one.
   * @param nowMs epoch ms UTC.
   */
  adopt(record: UploadRecord, nowMs: number, marginMs: number): boolean {
    const seatId = seatOfCopy(record.path);
    if (seatId === null) return false;
    const index = this.#offered.findIndex(
      (upload) =>
        upload.seatId === seatId &&
        upload.name === record.name &&
        upload.sizeBytes === record.sizeBytes &&
        sameTarget(upload.target, record.target),
    );
    const upload = this.#offered[index];
    if (upload === undefined) return false;
    this.#offered.splice(index, 1);
    if (
      upload.protocol === 'tus' &&
      upload.url !== null &&
      upload.location !== null &&
      Date.parse(upload.url.expiresAt) - marginMs > nowMs
    ) {
      record.url = { ...upload.url };
      record.location = upload.location;
      record.protocol = 'tus';
      record.sentBytes = Math.min(upload.sentBytes, record.sizeBytes);
      setNote(record, m('uploadNote.takenOverTus'));
    } else
      setNote(
        record,
        m(
          upload.protocol === 'multipart'
            ? 'uploadNote.takenOverMultipart'
            : 'uploadNote.takenOverExpired',
        ),
      );
    return true;
  }
}

function sameTarget(a: UploadTarget, b: UploadTarget): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind !== 'vod' || b.kind !== 'vod') return true;
  return (a.categoryKey ?? '') === (b.categoryKey ?? '') && (a.title ?? '') === (b.title ?? '');
}
