/**
 * Model of the sandbox state (docs/dev/sandbox.md, "State model"): a file received through a
 * one-time upload URL, kept on the URL's record. Types only; the upload host
 * (upload-host*.ts) works on them.
 */

/** What a finished upload becomes. */
export type UploadKind = 'vod-content' | 'program-media' | 'wait-media';

/**
 * One file received (or being received) through a one-time upload URL. Sizes in bytes, times
 * are platform (virtual clock) instants.
 */
export interface UploadTransfer {
  /**
   * The stored file's name in the storage directory; for tus also the last segment of its
   * Location. A multipart body is written to `{id}.part` and renamed once complete.
   */
  id: string;
  /** The client's file name (tus `Upload-Metadata` `filename`; multipart: the part's `filename`). */
  fileName: string;
  /**
   * The client's media type (tus `filetype`; multipart: the part's `Content-Type`), replaced by
   * the sniffed type for images.
   */
  fileType: string;
  /**
   * Declared length (tus `Upload-Length`). Multipart: the request's `Content-Length` (0 when
   * chunked) while receiving, an estimate for progress; the file's size once complete.
   */
  sizeBytes: number;
  /** Bytes on disk so far. */
  receivedBytes: number;
  startedAt: Date;
  /**
   * The tus Location answers until then: `startedAt` + 24 h (our design, see
   * upload-host-tus.ts). Multipart (no Location): `startedAt`.
   */
  expiresAt: Date;
  /**
   * `receiving` until every byte is in; `stored` once it became platform content; `refused`
   * (not a readable video / image: discarded), `expired` (24 h passed: discarded),
   * `terminated` (the client cancelled with tus DELETE: discarded) or `broken` (a multipart
   * body that did not arrive whole: connection dropped, malformed, no `upload-file`; discarded).
   */
  status: 'receiving' | 'stored' | 'refused' | 'expired' | 'terminated' | 'broken';
  /** SHA-256 of the stored file, hex; null until `stored`. */
  sha256: string | null;
  /** VOD: when the media content appears (observed: a moment after the upload); null otherwise. */
  arrivesAt: Date | null;
  /** VOD: the file's duration read at completion, s; null before (or for other kinds). */
  durationSeconds: number | null;
}
