/**
 * The `upload.*` commands through the app's core, as the renderer sends them: a file dropped
 * on the sandbox workspace uploads, `upload.changed` events report it without any URL, each
 * workspace keeps its own queue across a switch, and a live-only account refuses VOD.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../../sandbox/index';
import type { UploadChange } from '../../shared/uploads';
import type { DeskCore } from '../app/desk-core';
import { commandCaller, startTestCore, type TestCore } from '../app/test-support';
import { fastTuning, makeVideo, waitFor } from './upload-test-support';

let sandbox: SandboxHandle;
let core: DeskCore;
let dataDir: string;
let rig: TestCore;
const changes: UploadChange[] = [];
const ctx = { clientId: 'uploads' };

beforeAll(async () => {
  rig = await startTestCore({ seed: 3, uploadTuning: fastTuning });
  ({ sandbox, core, dataDir } = rig);
  core.subscribe((event, payload) => {
    if (event === 'upload.changed') changes.push(payload as UploadChange);
  });
});

afterAll(async () => {
  await rig.close();
});

const data = commandCaller(() => core, ctx.clientId);

describe('upload commands', () => {
  it('uploads a dropped file and reports it in upload.changed, without URLs', async () => {
    const file = join(dataDir, 'opening.mp4');
    await makeVideo(file, 2);
    const result = await data('upload.enqueue', {
      paths: [file],
      target: { kind: 'program-media' },
    });
    expect(result).toMatchObject({ added: 1, refused: [] });
    await waitFor(() =>
      changes.some((c) => c.items.some((i) => i.name === 'opening.mp4' && i.state === 'done')),
    );
    const { items, summary, seq } = await data('upload.list', {});
    // The list says which changes it holds: every change pushed so far, numbered in order.
    expect(seq).toBe(changes.at(-1)?.seq);
    expect(changes.map((c) => c.seq)).toEqual(changes.map((_, i) => (changes[0]?.seq ?? 0) + i));
    expect(items).toHaveLength(1);
    expect(summary.byState.done).toBe(1);
    expect(JSON.stringify([changes, items])).not.toMatch(/https?:\/\//);
    const refused = await core.invoke('upload.setConcurrency', { value: 9 }, ctx);
    expect(refused).toMatchObject({ ok: false, error: { message: 'At most 8 at a time.' } });
    expect(await data('upload.setConcurrency', { value: 2 })).toMatchObject({ concurrency: 2 });
  });

  it('keeps each workspace its own queue; a live-only account refuses VOD as not available', async () => {
    const account = await data('account.add', {
      kind: 'live',
      name: 'Studio B',
      baseUrl: sandbox.info.live_base_url,
      serviceAccountKey: sandbox.info.service_account_key,
      token: sandbox.info.tokens.super_admin,
    });
    await data('workspace.switch', { id: account.id });
    expect((await data('upload.list', {})).items).toEqual([]);
    const file = join(dataDir, 'promo.mp4');
    await makeVideo(file, 1);
    const vod = await data('upload.enqueue', { paths: [file], target: { kind: 'vod' } });
    expect(vod.added).toBe(0);
    expect(vod.refused[0]?.reason).toMatch(/not available/);
    // The VOD categories are not offered without a VOD account: refused before any call.
    expect(await core.invoke('category.list', {}, { clientId: 'upload-bridge' })).toMatchObject({
      ok: false,
      error: { code: 'api-missing' },
    });
    await data('workspace.switch', { id: 'sandbox' });
    const { data: categories } = await data('category.list', {});
    expect(categories.length).toBeGreaterThan(0);
    expect(categories[0]?.level).toBe(1);
    expect(categories.every((c) => c.key !== '' && c.name !== '')).toBe(true);
    const back = await data('upload.list', {});
    expect(back.items.map((i) => [i.name, i.state])).toEqual([['opening.mp4', 'done']]);
    expect(back.summary.concurrency).toBe(2);
    expect(await data('upload.clearFinished', {})).toEqual({ changed: 1 });
  });
});
