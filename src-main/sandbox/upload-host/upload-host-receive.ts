/**
 * How the upload host takes in the bytes of an upload body, whatever the protocol: a stream
 * stage that counts them (progress), slows them to a test-set rate (throttle) and, when the
 * "drop connection" fault is armed, lets N more bytes through and then cuts the connection.
 * It also feeds the upload's running SHA-256 ({@link RunningHash}), so that completion does not
 * read the whole file back from disk to hash it. Nothing is buffered beyond the chunk at hand:
 * backpressure reaches the client's socket.
 *
 * The settings live in `UploadHostSettings`, changed by tests through `handle.uploads` and
 * the `/__sandbox/uploads/...` controls (control/control-uploads.ts).
 */
import { createHash, type Hash } from 'node:crypto';
import { Transform } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How far an upload body may run ahead of the disk, bytes (the write stream's buffer). Pieces
 * arriving while a write is in flight gather and go down in one `writev`, instead of the socket
 * pausing for a thread-pool round trip every 64 KiB; the client's socket still feels the
 * backpressure once this much waits.
 */
export const diskBufferBytes = 8 * 1024 * 1024;

/** Test settings of the upload host; all off by default. */
export class UploadHostSettings {
  /** Receiving rate limit in bytes per second; null for none. */
  throttleBytesPerSecond: number | null = null;
  /** "Storage full": every upload write answers 507 while true. */
  storageFull = false;
  /** Bytes of upload bodies received since the sandbox started, all uploads together. */
  receivedBytes = 0;
  #dropAfterBytes: number | null = null;

  /** The armed "drop connection" fault: bytes let through before the cut; null when none. */
  get dropAfterBytes(): number | null {
    return this.#dropAfterBytes;
  }

  /** Arms (or with null disarms) the one-shot "drop connection" fault for the next upload body. */
  armDrop(bytes: number | null): void {
    this.#dropAfterBytes = bytes;
  }

  /** Takes the armed drop fault for a body starting now (one shot), or null. */
  takeDrop(): number | null {
    const bytes = this.#dropAfterBytes;
    this.#dropAfterBytes = null;
    return bytes;
  }
}

/** What a receiving stage reports to and asks of its upload. */
export interface ReceiveOptions {
  /** Bytes already on disk before this body (tus `Upload-Offset`; 0 for a new file). */
  startOffset: number;
  settings: UploadHostSettings;
  /** Called with the total bytes received (start offset included) after each piece. */
  onBytes: (totalBytes: number) => void;
  /** Cuts the client's connection (destroys the socket) without an answer. */
  dropConnection: () => void;
  /** The upload's running hash, fed with every byte let through; none: completion hashes the file. */
  hash?: RunningHash;
}

/**
 * The SHA-256 of an upload's bytes, computed as they arrive. It holds only while the bodies
 * follow each other: a body that starts anywhere but where the hashed bytes end (a tus PATCH
 * after a cut whose last bytes never reached the disk) stops it for good, and completion then
 * hashes the stored file instead.
 */
export class RunningHash {
  #hash: Hash | null = createHash('sha256');
  #bytes = 0;

  /** A body starts at byte `offset` of the file. */
  startsAt(offset: number): void {
    if (offset !== this.#bytes) this.#hash = null;
  }

  /** Bytes let through, in order, before they are written. */
  update(piece: Buffer): void {
    if (this.#hash === null) return;
    this.#hash.update(piece);
    this.#bytes += piece.length;
  }

  /**
   * The hex digest when the hash covers exactly the `sizeBytes` bytes of the complete file; null
   * when it does not (then hash the file). Ends the hash.
   */
  digestFor(sizeBytes: number): string | null {
    const hash = this.#hash;
    this.#hash = null;
    return hash !== null && this.#bytes === sizeBytes ? hash.digest('hex') : null;
  }
}

/**
 * A pass-through stage for one upload body: counts bytes, applies the throttle (read afresh
 * for every piece, so a change takes effect at once) and the one-shot drop fault taken when
 * the body starts. After a drop it swallows whatever still arrives.
 */
export function receivingStage(options: ReceiveOptions): Transform {
  let total = options.startOffset;
  let dropLeft = options.settings.takeDrop();
  let dropped = false;
  options.hash?.startsAt(total);
  const cut = (): void => {
    dropped = true;
    options.dropConnection();
  };

  const stage: Transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pump(chunk).then(
        () => callback(),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });

  async function pump(chunk: Buffer): Promise<void> {
    let rest = chunk;
    if (dropLeft === 0 && !dropped) cut();
    while (rest.length > 0 && !dropped && !stage.destroyed) {
      const rate = options.settings.throttleBytesPerSecond;
      let size = rest.length;
      if (rate !== null) size = Math.min(size, Math.max(1, Math.floor(rate / 10)));
      if (dropLeft !== null) size = Math.min(size, dropLeft);
      const piece = rest.subarray(0, size);
      // Hashed before it is written: bytes that never reach the disk make the next body start
      // short of the hashed ones, which stops the running hash (RunningHash.startsAt).
      options.hash?.update(piece);
      stage.push(piece);
      rest = rest.subarray(size);
      total += size;
      options.settings.receivedBytes += size;
      options.onBytes(total);
      if (dropLeft !== null) {
        dropLeft -= size;
        if (dropLeft === 0) {
          cut();
          return;
        }
      }
      // Pieces of a tenth of a second's worth keep a throttle change (or release) prompt.
      if (rate !== null) await sleep((1000 * size) / rate);
    }
  }

  return stage;
}
