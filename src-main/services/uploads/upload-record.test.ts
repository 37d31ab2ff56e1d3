/**
 * The persisted upload queue keeps reading files written before the sending phase got its
 * name: a record stored with `phase: 'transfer'` reads as `sending`, and a new one is written
 * as `sending`.
 */
import { describe, expect, it } from 'vitest';
import { newRecord, uploadQueueSchema } from './upload-record';

const record = newRecord(
  {
    path: '/media/opening.mp4',
    name: 'opening.mp4',
    sizeBytes: 1_048_576,
    mtimeMs: 1_735_722_000_000,
    mime: 'video/mp4',
    isAudio: false,
  },
  { kind: 'program-media' },
  { batchId: 'b1', targetLabel: 'Program media', queuedAt: '2025-01-01T09:00:00Z', id: 'u1' },
);

describe('upload queue file', () => {
  it('writes a new record in the sending phase', () => {
    const file = { version: 1, concurrency: 3, items: [record] };
    expect(uploadQueueSchema.parse(JSON.parse(JSON.stringify(file))).items[0]?.phase).toBe(
      'sending',
    );
  });

  it('reads a record stored with the earlier name of the sending phase as sending', () => {
    const file = { version: 1, concurrency: 3, items: [{ ...record, phase: 'transfer' }] };
    expect(uploadQueueSchema.parse(file).items[0]?.phase).toBe('sending');
  });

  it('keeps the follow-up phase and refuses a phase it does not know', () => {
    const followUp = { version: 1, concurrency: 3, items: [{ ...record, phase: 'follow-up' }] };
    expect(uploadQueueSchema.parse(followUp).items[0]?.phase).toBe('follow-up');
    const unknown = { version: 1, concurrency: 3, items: [{ ...record, phase: 'sent' }] };
    expect(uploadQueueSchema.safeParse(unknown).success).toBe(false);
  });
});
