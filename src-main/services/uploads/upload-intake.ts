/**
 * What a drop adds to the upload queue (docs/dev/architecture.md, "Uploads and downloads"): the
 * target must be one the workspace can take, the dropped paths pass the local checks
 * (enqueue-check.ts, no platform call), and a file already queued for the same kind and not
 * finished is refused; the rest become new queue records of one batch.
 */
import { randomUUID } from 'node:crypto';
import type { EnqueueResult, UploadTarget } from '../../shared/uploads';
import { checkDroppedPaths } from './enqueue-check';
import { refusalWords, targetLabel } from './problem-words';
import type { UploadPlatform } from './upload-platform';
import { newRecord, type UploadRecord } from './upload-record';
import { seatOfCopy } from '../../shared/seat-copies';

/** The answer to the operator (`added` counts `records`) and the records to queue. */
export interface Intake {
  result: EnqueueResult;
  /** New records, state `queued`, in drop order. */
  records: UploadRecord[];
}

/**
 * Checks `paths` for `target`. A live-only workspace has no VOD, a VOD-only one no live: every
 * file is refused. `queue` is read after the checks, so files queued meanwhile count as queued.
 */
export async function intake(
  paths: string[],
  target: UploadTarget,
  platform: UploadPlatform,
  queue: () => Iterable<UploadRecord>,
): Promise<Intake> {
  const batchId = randomUUID();
  if (!platform.available(target.kind)) {
    const words = refusalWords(
      target.kind === 'vod' ? 'uploadProblem.noVodAccount' : 'uploadProblem.noLiveAccount',
    );
    return {
      result: { batchId, added: 0, refused: paths.map((path) => ({ path, ...words })) },
      records: [],
    };
  }
  const checked = await checkDroppedPaths(paths, target.kind);
  const unfinished = [...queue()].filter(
    (r) => r.kind === target.kind && r.state !== 'done' && r.state !== 'cancelled',
  );
  const active = new Set(unfinished.map((r) => r.path));
  // A studio seat's file comes as a new copy each time (shared/seat-copies.ts): the same seat's
  // file of the same name and size counts as the same file.
  const activeCopies = new Set(unfinished.flatMap((r) => copyKey(r) ?? []));
  const now = new Date().toISOString();
  const label = targetLabel(target);
  const records: UploadRecord[] = [];
  for (const file of checked.files) {
    if (active.has(file.path) || activeCopies.has(copyKey(file) ?? '')) {
      checked.refused.push({ path: file.path, ...refusalWords('uploadProblem.alreadyQueued') });
      continue;
    }
    records.push(
      newRecord(file, target, { id: randomUUID(), batchId, targetLabel: label, queuedAt: now }),
    );
  }
  return { result: { batchId, added: records.length, refused: checked.refused }, records };
}

/** A seat's copy as "seat, name, size", or null for a file of this desk. */
function copyKey(file: { path: string; name: string; sizeBytes: number }): string | null {
  const seat = seatOfCopy(file.path);
  return seat === null ? null : `${seat}\u0000${file.name}\u0000${file.sizeBytes}`;
}
