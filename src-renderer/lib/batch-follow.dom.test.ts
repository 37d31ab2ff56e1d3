/**
 * Every batch is followed one way (lib/batch-follow.ts): pushed steps and one read, whichever
 * comes first, and the screen never goes back to an older step. The bridge is a typed fake of
 * `window.desk` that lets the test push `batches.changed` and answer `batches.progress`.
 */
import { describe, expect, it, vi } from 'vitest';
import type { DeskBridge } from '../../src-main/shared/bridge';
import type { BatchProgress } from '../../src-main/shared/model';

const bridge = vi.hoisted(() => {
  const listeners = new Set<(payload: unknown) => void>();
  const state = {
    listeners,
    /** What `batches.progress` answers next, and how many times it was asked. */
    answer: null as unknown,
    reads: 0,
    release: (): void => undefined,
  };
  const fake: Pick<DeskBridge, 'host'> & Record<string, unknown> = {
    host: 'browser',
    invoke: (command: string) => {
      if (command !== 'batches.progress') return Promise.resolve({ ok: true, data: null });
      state.reads += 1;
      // The read answers only when the test releases it, to order it against pushes.
      return new Promise((resolve) => {
        state.release = () => resolve({ ok: true, data: state.answer });
      });
    },
    on: (event: string, listener: (payload: unknown) => void) => {
      if (event !== 'batches.changed') return () => undefined;
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    filePaths: () => Promise.resolve({ ok: true, data: [] }),
  };
  (globalThis as unknown as { window: { desk?: unknown } }).window.desk = fake;
  return state;
});

const { followBatch } = await import('./batch-follow');

function step(batchId: string, done: number, total = 3, failed = 0): BatchProgress {
  return {
    batchId,
    done,
    total,
    failed,
    lastError: failed ? 'Refused' : null,
    finished: failed > 0 || done === total,
  };
}

const push = (progress: BatchProgress) => {
  for (const listener of [...bridge.listeners]) listener(progress);
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('followBatch', () => {
  it('keeps a push that beat the read, and ignores the older answer', async () => {
    const seen: number[] = [];
    followBatch('b1', (progress) => seen.push(progress.done));
    push(step('other', 2));
    push(step('b1', 2));
    bridge.answer = step('b1', 1);
    bridge.release();
    await settle();
    expect(seen).toEqual([2]);
  });

  it('takes the read when no push came, then stops listening once finished', async () => {
    const seen: BatchProgress[] = [];
    const before = bridge.listeners.size;
    followBatch('b2', (progress) => seen.push(progress));
    bridge.answer = step('b2', 1);
    bridge.release();
    await settle();
    push(step('b2', 1, 3, 1));
    push(step('b2', 3));
    expect(seen.map((p) => [p.done, p.failed, p.finished])).toEqual([
      [1, 0, false],
      [1, 1, true],
    ]);
    expect(bridge.listeners.size).toBe(before);
  });

  it('stops when the view closes, before the batch ends', async () => {
    const seen: number[] = [];
    const stop = followBatch('b3', (progress) => seen.push(progress.done));
    push(step('b3', 1));
    stop();
    push(step('b3', 2));
    bridge.answer = step('b3', 2);
    bridge.release();
    await settle();
    expect(seen).toEqual([1]);
  });
});
