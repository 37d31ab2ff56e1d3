/**
 * The upload list as the operator sees it when changes and the snapshot cross: the list
 * subscribes to `upload.changed`, then asks for `upload.list`; changes pushed meanwhile must
 * neither be lost nor undo the snapshot.
 */
import { describe, expect, it } from 'vitest';
import type {
  UploadChange,
  UploadItem,
  UploadState,
  UploadSummary,
} from '../../src-main/shared/uploads';
import { UploadFollower } from './upload-follow';

function item(id: string, state: UploadState, sentBytes: number): UploadItem {
  return {
    id,
    batchId: 'b1',
    name: `${id}.mp4`,
    path: `/media/${id}.mp4`,
    sizeBytes: 1_000,
    kind: 'program-media',
    target: { kind: 'program-media' },
    targetLabel: 'Program media',
    state,
    protocol: 'tus',
    sentBytes,
    bytesPerSecond: null,
    etaSeconds: null,
    transcodingPercent: null,
    uploadFileKey: null,
    attempts: 1,
    retryAt: null,
    problem: null,
    note: null,
    queuedAt: '2026-11-20T21:00:00.000Z',
    finishedAt: state === 'done' ? '2026-11-20T21:01:00.000Z' : null,
  };
}

function summary(done: number): UploadSummary {
  return {
    total: 2,
    byState: {
      queued: 0,
      uploading: 2 - done,
      processing: 0,
      done,
      paused: 0,
      retrying: 0,
      'needs-attention': 0,
      cancelled: 0,
    },
    sentBytes: 0,
    totalBytes: 2_000,
    bytesPerSecond: null,
    etaSeconds: null,
    concurrency: 3,
  };
}

const change = (seq: number, items: UploadItem[], removed: string[] = []): UploadChange => ({
  seq,
  items,
  removed,
  summary: summary(items.filter((i) => i.state === 'done').length),
});

const shown = (follower: UploadFollower) =>
  follower.items.map((i) => `${i.id} ${i.state} ${i.sentBytes}`);

describe('the upload list while a snapshot is on its way', () => {
  it('keeps a change that finished a file after the snapshot was taken', () => {
    const follower = new UploadFollower();
    const ticket = follower.expectSnapshot();
    // Main took the snapshot at change 7, then pushed change 8 (a finished); the event
    // reaches the page before the snapshot's answer.
    expect(follower.offer(change(8, [item('a', 'done', 1_000)]))).toBeNull();
    const merged = follower.takeSnapshot(ticket, {
      seq: 7,
      items: [item('a', 'uploading', 500), item('b', 'uploading', 100)],
      summary: summary(0),
    });
    expect(shown(follower)).toEqual(['a done 1000', 'b uploading 100']);
    expect(follower.summary?.byState.done).toBe(1);
    expect(merged.map((m) => m.before.get('a'))).toEqual(['uploading']);
  });

  it('drops a change the snapshot already holds, before or after its answer', () => {
    const follower = new UploadFollower();
    const ticket = follower.expectSnapshot();
    follower.offer(change(6, [item('a', 'uploading', 200)]));
    follower.takeSnapshot(ticket, {
      seq: 7,
      items: [item('a', 'uploading', 500)],
      summary: summary(0),
    });
    // Change 7 removed a file; its event arrives after the snapshot (another connection).
    expect(follower.offer(change(7, [item('gone', 'cancelled', 0)], ['gone']))).toBeNull();
    expect(shown(follower)).toEqual(['a uploading 500']);
    follower.offer(change(9, [item('a', 'done', 1_000)]));
    expect(shown(follower)).toEqual(['a done 1000']);
  });

  it('answers only the latest snapshot asked for (a workspace switch asks again)', () => {
    const follower = new UploadFollower();
    const first = follower.expectSnapshot();
    const second = follower.expectSnapshot();
    follower.offer(change(12, [item('new', 'uploading', 10)]));
    expect(
      follower.takeSnapshot(second, {
        seq: 11,
        items: [item('x', 'done', 1_000)],
        summary: summary(1),
      }),
    ).toHaveLength(1);
    expect(
      follower.takeSnapshot(first, {
        seq: 3,
        items: [item('old', 'queued', 0)],
        summary: summary(0),
      }),
    ).toEqual([]);
    expect(shown(follower)).toEqual(['x done 1000', 'new uploading 10']);
  });
});
