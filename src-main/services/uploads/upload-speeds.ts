/**
 * The sending speed of the running uploads (docs/dev/architecture.md, "Uploads and downloads"): one
 * speed meter per file while it sends (core/speed-meter.ts, shared with the downloads), read for
 * a file's speed and time left and for the summary bar's total speed.
 */
import type { UploadItem } from '../../shared/uploads';
import { SpeedMeter, etaSeconds } from '../core/speed-meter';
import { toItem, type UploadRecord } from './upload-record';

/** The speed meters of one engine's running files, by file id. */
export class UploadSpeeds {
  readonly #meters = new Map<string, SpeedMeter>();

  /** A file starts sending: a fresh meter. */
  begin(id: string): void {
    this.#meters.set(id, new SpeedMeter());
  }

  /** A file's run ended: its meter goes. */
  end(id: string): void {
    this.#meters.delete(id);
  }

  /** `sentBytes` of file `id` (bytes, all sent so far) at `nowMs` (ms since the epoch). */
  add(id: string, nowMs: number, sentBytes: number): void {
    this.#meters.get(id)?.add(nowMs, sentBytes);
  }

  /** The file as the renderer shows it, with its speed (bytes/s) and time left (s) at `nowMs`. */
  item(record: UploadRecord, nowMs: number): UploadItem {
    const speed = this.#meters.get(record.id)?.bytesPerSecond(nowMs) ?? null;
    return toItem(record, {
      bytesPerSecond: speed,
      etaSeconds: etaSeconds(record.sizeBytes - record.sentBytes, speed),
    });
  }

  /** The sum of the running files' speeds at `nowMs`, bytes/s; null while none is known. */
  total(nowMs: number): number | null {
    let speed: number | null = null;
    for (const meter of this.#meters.values()) {
      const one = meter.bytesPerSecond(nowMs);
      if (one !== null) speed = (speed ?? 0) + one;
    }
    return speed;
  }
}
