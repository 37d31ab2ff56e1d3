/**
 * Uploads never starve the control room (issue "Uploads", Must hold): while 50 files upload,
 * each operator command waits at most one scheduler slot. Measured on the wire, not by the
 * clock: between the moment a command is asked and the moment its request leaves, at most one
 * other API call may start (the one already holding the slot). Upload URLs are `bulk`
 * priority; the bytes themselves go to the upload host, outside the API budget.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import type { ChannelSummary, Fresh, Page } from '../../shared/model';
import { createDeskCore, type DeskCore } from '../app/desk-core';
import { commandCaller, memorySecrets } from '../app/test-support';
import { openSandboxWorkspace } from '../workspaces/workspace';
import { fastTuning, makeVideo, waitFor } from './upload-test-support';

let sandbox: SandboxHandle;
let core: DeskCore;
let dataDir: string;
/** Every API request as it leaves, in order (upload-host traffic is not an API call). */
const wire: { method: string; path: string }[] = [];
const ctx = { clientId: 'budget' };

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 5, rateLimit: false });
  // Slow the upload host so uploads overlap the whole test.
  sandbox.uploads.setThrottle(400_000);
  dataDir = await mkdtemp(join(tmpdir(), 'onair-budget-'));
  // A short slot keeps the test quick; the rule is the same at the platform's 1 s.
  const pacing = { minSpacingMs: 150, marginMs: 0, maxMarginMs: 0, limitPerMinute: 10_000 };
  const apiBases = [sandbox.info.live_base_url, sandbox.info.vod_base_url];
  const counted = (request: Request) => {
    if (apiBases.some((base) => request.url.startsWith(base)))
      wire.push({ method: request.method, path: new URL(request.url).pathname });
    return fetch(request);
  };
  core = await createDeskCore({
    dataDir,
    secrets: memorySecrets(),
    openSandbox: () => openSandboxWorkspace({ sandboxInfo: sandbox.info, pacing, fetch: counted }),
    workspaceOptions: { pacing, fetch: counted },
    uploadTuning: fastTuning,
    log: () => undefined,
  });
});

afterAll(async () => {
  await core.dispose();
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

const data = commandCaller(() => core, ctx.clientId);

describe('uploads and the API budget', () => {
  it('while 50 files upload, each command waits at most one scheduler slot', async () => {
    const source = join(dataDir, 'source.mp4');
    await makeVideo(source, 2);
    const paths: string[] = [];
    for (let i = 1; i <= 50; i++) {
      const path = join(dataDir, `clip-${String(i).padStart(2, '0')}.mp4`);
      await copyFile(source, path);
      paths.push(path);
    }
    const channels: Fresh<Page<ChannelSummary>> = await data('channels.list', {});
    const onAir = channels.data.items.find((channel) => channel.latestBroadcast?.onAir);
    const broadcastKey = onAir?.latestBroadcast?.key;
    if (!broadcastKey) throw new Error('the seed has no broadcast on air');

    expect(
      await data('upload.enqueue', { paths, target: { kind: 'program-media' } }),
    ).toMatchObject({ added: 50, refused: [] });
    await waitFor(() => wire.some((call) => call.path.endsWith('/upload-url')));

    const waits: number[] = [];
    for (let take = 1; take <= 6; take++) {
      const { items } = await data('upload.list', {});
      // The queue is still busy asking for URLs: the command competes with bulk calls.
      expect(items.filter((item) => item.state === 'queued').length).toBeGreaterThan(0);
      const mark = wire.length;
      await data('broadcast.rename', { broadcastKey, title: `Keynote, take ${take}` });
      const sent = wire.findIndex(
        (call, index) =>
          index >= mark && call.method === 'PUT' && call.path.includes('/broadcasts/'),
      );
      expect(sent, 'the rename reached the platform').toBeGreaterThanOrEqual(mark);
      waits.push(sent - mark);
      await new Promise((done) => setTimeout(done, 400));
    }
    expect(
      waits.every((ahead) => ahead <= 1),
      `calls started ahead of each command: ${waits.join(', ')}`,
    ).toBe(true);
    // And the uploads did get their URLs meanwhile.
    expect(wire.filter((call) => call.path.endsWith('/upload-url')).length).toBeGreaterThan(6);
  }, 120_000);
});
