/**
 * The Library's commands through the core against the sandbox platform (sandbox workspace,
 * fast pacing): what an operator would notice in the category tree, the content list and a
 * batch of bulk actions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchProgress } from '../../shared/model';
import type { DeskCore } from '../app/desk-core';
import { commandCaller, startTestCore, type TestCore } from '../app/test-support';

const pacing = { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0 };
/** A 1×2 PNG (even height), as a poster file would arrive from the renderer. */
const tinyPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAACCAYAAACZgbYnAAAAEUlEQVR4nGNgYGD4z8DAwMAAAA0AAdFvL4kAAAAASUVORK5CYII=';

describe('the Library on the sandbox', () => {
  let core: DeskCore;
  let rig: TestCore;
  const call = commandCaller(() => core, 'library-test');

  beforeAll(async () => {
    rig = await startTestCore({ seed: 7, pacing });
    ({ core } = rig);
  });

  afterAll(async () => {
    await rig.close();
  });

  it('builds a category tree five levels deep and the platform refuses a sixth', async () => {
    let parentKey: string | undefined;
    for (let level = 1; level <= 5; level++) {
      const made = await call('category.create', {
        name: `Level ${level}`,
        ...(parentKey ? { parentKey } : {}),
      });
      expect(made.level).toBe(level);
      parentKey = made.key;
    }
    await expect(
      call('category.create', { name: 'Too deep', parentKey: parentKey ?? '' }),
    ).rejects.toThrow(/at most 5 levels/);
    const tree = await call('category.list', {});
    expect(tree.data.filter((c) => c.name.startsWith('Level ')).map((c) => c.level)).toEqual([
      1, 2, 3, 4, 5,
    ]);
  });

  it('filters contents by status and by category, a page at the spec maximum', async () => {
    const all = await call('content.list', { perPage: 100 });
    expect(all.data.perPage).toBe(100);
    const first = all.data.items[0];
    if (!first) throw new Error('the sandbox seeds contents');
    await call('content.setEnabled', { uploadFileKey: first.uploadFileKey, enabled: false });
    const disabled = await call('content.list', { status: 'disabled', perPage: 100 });
    expect(disabled.data.items.map((c) => c.uploadFileKey)).toContain(first.uploadFileKey);
    expect(disabled.data.items.every((c) => c.status === 'disabled')).toBe(true);

    const category = await call('category.create', { name: 'Filtered' });
    await call('content.move', { uploadFileKey: first.uploadFileKey, categoryKey: category.key });
    const inCategory = await call('content.list', { categoryKey: category.key });
    expect(inCategory.data.items.map((c) => c.title)).toEqual([first.title]);
  });

  it('pages the list: the next page continues where the first ended', async () => {
    const first = await call('content.list', { perPage: 5, page: 1 });
    const second = await call('content.list', { perPage: 5, page: 2 });
    expect(first.data.lastPage).toBeGreaterThan(1);
    expect(second.data.page).toBe(2);
    const keys = [...first.data.items, ...second.data.items].map((c) => c.uploadFileKey);
    expect(new Set(keys).size).toBe(10);
  });

  it('runs a bulk disable as a batch and reports it done', async () => {
    const page = await call('content.list', { status: 'enabled', perPage: 3 });
    const operations = page.data.items.map((c) => ({
      op: 'disable' as const,
      uploadFileKey: c.uploadFileKey,
      title: c.title,
    }));
    const plan = await call('library.planBatch', { operations });
    expect(plan.calls).toBe(operations.length);
    const pushed: BatchProgress[] = [];
    const stop = core.subscribe((event, payload) => {
      if (event === 'batches.changed') pushed.push(payload as BatchProgress);
    });
    const { batchId } = await call('library.runBatch', { operations });
    let progress: BatchProgress | null = null;
    for (let i = 0; i < 200 && !progress?.finished; i++) {
      progress = await call('batches.progress', { batchId });
      if (!progress?.finished) await new Promise((done) => setTimeout(done, 10));
    }
    stop();
    expect(progress).toMatchObject({ done: operations.length, failed: 0, finished: true });
    // Every operation run was pushed too, the last one saying the batch finished.
    const ours = pushed.filter((p) => p.batchId === batchId);
    expect(ours.map((p) => p.done)).toEqual(operations.map((_, index) => index + 1));
    expect(ours.at(-1)).toEqual(progress);
    for (const operation of operations) {
      const detail = await call('content.get', { uploadFileKey: operation.uploadFileKey });
      expect(detail.data.status).toBe('disabled');
    }
  });

  it("stops a batch at the first refusal, with the platform's message", async () => {
    const page = await call('content.list', { status: 'enabled', perPage: 2 });
    const [first, second] = page.data.items;
    if (!first || !second) throw new Error('the sandbox seeds enabled contents');
    const operations = [
      { op: 'delete' as const, uploadFileKey: first.uploadFileKey, title: first.title },
      // Already enabled: the platform refuses (spec, States), and the batch stops there.
      { op: 'enable' as const, uploadFileKey: second.uploadFileKey, title: second.title },
      { op: 'disable' as const, uploadFileKey: second.uploadFileKey, title: second.title },
    ];
    const { batchId } = await call('library.runBatch', { operations });
    let progress: BatchProgress | null = null;
    for (let i = 0; i < 200 && !progress?.finished; i++) {
      progress = await call('batches.progress', { batchId });
      if (!progress?.finished) await new Promise((done) => setTimeout(done, 10));
    }
    expect(progress).toMatchObject({ done: 1, failed: 1, finished: true });
    expect(progress?.lastError).toBeTruthy();
    const after = await call('content.get', { uploadFileKey: second.uploadFileKey });
    expect(after.data.status).toBe('enabled');
  });

  it('uploads a PNG poster, and refuses a file that is not an image before sending', async () => {
    const page = await call('content.list', { perPage: 1 });
    const key = page.data.items[0]?.uploadFileKey ?? '';
    const after = await call('content.uploadPoster', {
      uploadFileKey: key,
      poster: { fileName: 'poster.png', base64: tinyPng },
    });
    expect(after.posterUrl).not.toBeNull();
    await expect(
      call('content.uploadPoster', {
        uploadFileKey: key,
        poster: { fileName: 'notes.txt', base64: 'aGVsbG8=' },
      }),
    ).rejects.toThrow('A poster is a JPEG or PNG image.');
  });
});
