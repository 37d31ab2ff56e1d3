/**
 * The feedback stream's reachability probe (services/panels/reachability.ts), loopback only:
 * a TCP listener that stops and comes back, seen by the probe with no HTTP request; and the
 * whole path, the sandbox platform's server stopped under a running desk core, every button
 * stale within 2 s of it going away (before the app's next read could tell), and live again
 * only once the platform is back and a real read confirms it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/manual-clock';
import { startSandbox, type SandboxHandle } from '../sandbox/index';
import { createDeskCore, type DeskCoreWithPanels } from '../services/app/desk-core';
import { fastTestPacing, memorySecrets } from '../services/app/test-support';
import { environmentNetwork } from '../platform/network';
import {
  ReachabilityProbe,
  probeTargetOf,
  probeTargetThrough,
} from '../services/panels/reachability';
import { openSandboxWorkspace } from '../services/workspaces/workspace';
import type { ChannelSummary, Fresh, Page, WatchUpdate } from '../shared/model';
import type { AddedPanel } from '../shared/panels-model';
import { startPanelApi } from './panel-api';
import { openFeedbackStream } from './panel-feedback-reader';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function listen(port = 0): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.destroy());
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('probeTargetOf', () => {
  it('takes the host and port of a base URL, the scheme’s port when none', () => {
    expect(probeTargetOf('http://127.0.0.1:4010/live/api')).toEqual({
      host: '127.0.0.1',
      port: 4010,
    });
    expect(probeTargetOf('https://live.example.test/api')).toEqual({
      host: 'live.example.test',
      port: 443,
    });
    expect(probeTargetOf('http://[::1]:81/api')).toEqual({ host: '::1', port: 81 });
    expect(probeTargetOf('')).toBeNull();
    expect(probeTargetOf('not a url')).toBeNull();
  });
});

describe('the reachability probe', () => {
  it('tells when a loopback listener stops taking connections and when it is back', async () => {
    let server = await listen();
    const address = server.address();
    if (!address || typeof address !== 'object') throw new Error('no port');
    const port = address.port;
    const clock = new ManualClock();
    const changes: boolean[] = [];
    const probe = new ReachabilityProbe({
      clock,
      target: () => ({ host: '127.0.0.1', port }),
      onChange: (reachable) => changes.push(reachable),
    });
    // Not probing until someone holds it.
    await clock.advance(5_000);
    expect(changes).toEqual([]);
    const release = probe.acquire();
    await clock.advance(0);
    await expect.poll(() => changes).toEqual([true]);
    await new Promise<void>((done) => server.close(() => done()));
    await clock.advance(1_000);
    await expect.poll(() => changes).toEqual([true, false]);
    // Still down: no change, no repeat.
    await clock.advance(1_000);
    await new Promise((done) => setTimeout(done, 50));
    expect(changes).toEqual([true, false]);
    server = await listen(port);
    await clock.advance(1_000);
    await expect.poll(() => changes).toEqual([true, false, true]);
    // Released: no more probes.
    release();
    await new Promise<void>((done) => server.close(() => done()));
    await clock.advance(5_000);
    await new Promise((done) => setTimeout(done, 50));
    expect(changes).toEqual([true, false, true]);
    probe.stop();
  });
});

/** A loopback listener that counts the connections it takes (and closes each at once). */
async function countingListener(
  port = 0,
): Promise<{ server: Server; port: number; taken: () => number }> {
  let taken = 0;
  const server = createServer((socket) => {
    taken += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  return { server, port: address.port, taken: () => taken };
}

const closeServer = (server: Server) => new Promise<void>((done) => server.close(() => done()));

describe('the probe behind a proxy', () => {
  const trust = { ca: undefined, sources: ['bundled'] };

  it('names the proxy the network sends the live API’s calls through, not the origin', async () => {
    const base = 'http://127.0.0.1:4010/live/api';
    const through = (proxy: string | null) => () => Promise.resolve(proxy);
    expect(await probeTargetThrough(base, through(null))).toEqual({
      host: '127.0.0.1',
      port: 4010,
    });
    expect(await probeTargetThrough(base, through('http://user:secret@127.0.0.2:3128'))).toEqual({
      host: '127.0.0.2',
      port: 3128,
      via: 'proxy',
    });
    expect(await probeTargetThrough(base, through('http://127.0.0.2'))).toMatchObject({ port: 80 });
    expect(await probeTargetThrough(base, through('socks5://[::1]'))).toEqual({
      host: '::1',
      port: 1080,
      via: 'proxy',
    });
    // A proxy it cannot read: nothing to probe, never the origin around it.
    expect(await probeTargetThrough(base, through('not a url'))).toBeNull();
    expect(await probeTargetThrough(null, through(null))).toBeNull();
  });

  it('reads the environment’s proxies as undici does, NO_PROXY included, without connecting', async () => {
    const network = environmentNetwork(
      {
        HTTP_PROXY: 'http://127.0.0.2:3128',
        HTTPS_PROXY: 'http://127.0.0.3:3129',
        NO_PROXY: 'localhost, .internal.test,127.0.0.9:4010',
      },
      trust,
    );
    try {
      expect(await network.proxyFor('http://127.0.0.1:4010/live')).toBe('http://127.0.0.2:3128');
      expect(await network.proxyFor('https://127.0.0.1/live')).toBe('http://127.0.0.3:3129');
      expect(await network.proxyFor('http://localhost:4010/live')).toBeNull();
      expect(await network.proxyFor('http://api.internal.test/live')).toBeNull();
      expect(await network.proxyFor('http://127.0.0.9:4010/live')).toBeNull();
      expect(await network.proxyFor('http://127.0.0.9:4011/live')).toBe('http://127.0.0.2:3128');
    } finally {
      await network.close();
    }
    const none = environmentNetwork({}, trust);
    expect(await none.proxyFor('http://127.0.0.1:4010/live')).toBeNull();
    await none.close();
  });

  it('tests the proxy: up while the proxy takes connections, lost when it stops, the origin untouched', async () => {
    const origin = await countingListener();
    let proxy = await countingListener();
    const proxyPort = proxy.port;
    const base = `http://127.0.0.1:${origin.port}/live/api`;
    const network = environmentNetwork({ HTTP_PROXY: `http://127.0.0.1:${proxyPort}` }, trust);
    cleanups.push(() => network.close());
    const clock = new ManualClock();
    const changes: boolean[] = [];
    const probe = new ReachabilityProbe({
      clock,
      target: () => probeTargetThrough(base, (url) => network.proxyFor(url)),
      onChange: (reachable) => changes.push(reachable),
    });
    const release = probe.acquire();
    await clock.advance(0);
    await expect.poll(() => changes).toEqual([true]);
    await expect.poll(() => proxy.taken()).toBe(1);
    // The origin is closed now: through the proxy, the probe does not go around it to look.
    await closeServer(origin.server);
    await clock.advance(1_000);
    await expect.poll(() => proxy.taken()).toBe(2);
    expect(changes).toEqual([true]);
    expect(origin.taken()).toBe(0);
    // The proxy stops: the buttons would go stale.
    await closeServer(proxy.server);
    await clock.advance(1_000);
    await expect.poll(() => changes).toEqual([true, false]);
    proxy = await countingListener(proxyPort);
    await clock.advance(1_000);
    await expect.poll(() => changes).toEqual([true, false, true]);
    release();
    probe.stop();
    await closeServer(proxy.server);
  });
});

describe('the feedback stream with the platform’s server stopped', () => {
  it('marks every button stale within 2 s, before the next read, and live after a read once back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'onair-panel-probe-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const stateFile = join(dir, 'sandbox-state.json');
    let sandbox: SandboxHandle = await startSandbox({
      port: 0,
      seed: 5,
      rateLimit: false,
      stateFile,
    });
    cleanups.push(() => sandbox.close());
    const port = Number(new URL(sandbox.info.live_base_url).port);
    const info = sandbox.info;
    const core: DeskCoreWithPanels = await createDeskCore({
      dataDir: dir,
      secrets: memorySecrets(),
      openSandbox: () => openSandboxWorkspace({ sandboxInfo: info, pacing: fastTestPacing }),
      workspaceOptions: { pacing: fastTestPacing },
      log: () => undefined,
    });
    cleanups.push(() => core.dispose());
    expect(probeTargetOf(core.now().liveBaseUrl)).toEqual({ host: '127.0.0.1', port });
    const api = await startPanelApi({ core, port: 0 });
    cleanups.push(() => api.close());
    const added = await core.invoke('panels.add', { name: 'Probe desk' }, { clientId: 'settings' });
    if (!added.ok) throw new Error(added.error.message);
    const panel = added.data as AddedPanel;

    // The control room watches an on-air broadcast (focused: read every 5 s) and the channels.
    const list = await core.invoke('channels.list', {}, { clientId: 'viewer' });
    if (!list.ok) throw new Error(list.error.message);
    const channel = (list.data as Fresh<Page<ChannelSummary>>).data.items.find(
      (c) => c.onAir && c.latestBroadcast && c.type !== 'scheduled',
    );
    const broadcastKey = channel?.latestBroadcast?.key;
    if (!broadcastKey) throw new Error('the seed has no on-air broadcast');
    for (const spec of [
      { kind: 'broadcast' as const, broadcastKey, focused: true },
      { kind: 'channels' as const },
    ]) {
      const watch = await core.invoke('watch.subscribe', { spec }, { clientId: 'viewer' });
      expect(watch.ok).toBe(true);
    }
    /** Every watch read's outcome; `focused` for a read of the focused broadcast. */
    const reads: { at: number; ok: boolean; focused: boolean }[] = [];
    const off = core.subscribe((event, payload) => {
      if (event !== 'watch.update') return;
      const update = payload as WatchUpdate;
      reads.push({
        at: Date.now(),
        ok: update.kind !== 'error',
        focused: update.kind === 'broadcast' && update.broadcastKey === broadcastKey,
      });
    });
    cleanups.push(() => Promise.resolve(off()));

    const feedback = await openFeedbackStream(api.address, panel.token);
    cleanups.push(() => Promise.resolve(feedback.close()));
    expect(feedback.status).toBe(200);
    const pictures = feedback.pictures;

    const live = () => {
      const last = pictures.at(-1);
      return (
        last !== undefined &&
        !last.stale &&
        last.broadcasts[broadcastKey]?.stale === false &&
        last.lamps[channel?.key ?? ''] !== 'stale'
      );
    };
    await expect.poll(live, { timeout: 15_000 }).toBe(true);

    // Right after a read of the focused broadcast (the next one is 5 s away), the platform's
    // server stops: connections are refused.
    const readsBefore = reads.length;
    await expect
      .poll(() => reads.slice(readsBefore).some((r) => r.focused), { timeout: 10_000 })
      .toBe(true);
    const stoppedAt = Date.now();
    await sandbox.close();
    await expect.poll(() => pictures.at(-1)?.stale, { timeout: 3_000 }).toBe(true);
    const stale = pictures.find((p) => p.at >= stoppedAt && p.stale);
    if (!stale) throw new Error('no stale picture');
    expect(stale.at - stoppedAt).toBeLessThanOrEqual(2_000);
    // No read had failed yet: the probe told, not the app's next read.
    expect(reads.filter((r) => !r.ok && r.at <= stale.at)).toEqual([]);
    expect(stale.platform).toBe('lost');
    expect(stale.channels.length).toBeGreaterThan(0);
    expect(stale.channels.every((c) => c.stale)).toBe(true);
    expect(new Set(Object.values(stale.lamps))).toEqual(new Set(['stale']));
    expect(Object.values(stale.broadcasts).every((b) => b.stale)).toBe(true);

    // The platform comes back on the same port with the same state: the buttons are live
    // again once a real read succeeds, not before.
    await new Promise((done) => setTimeout(done, 1_500));
    expect(pictures.at(-1)?.stale).toBe(true);
    const backAt = Date.now();
    sandbox = await startSandbox({ port, seed: 5, rateLimit: false, stateFile });
    await expect.poll(live, { timeout: 20_000, interval: 200 }).toBe(true);
    const firstLive = pictures.find((p) => p.at >= backAt && !p.stale);
    const firstRead = reads.find((r) => r.ok && r.at >= backAt);
    if (!firstLive || !firstRead) throw new Error('no live picture or read after the return');
    expect(firstLive.at).toBeGreaterThanOrEqual(firstRead.at - 50);
    expect(firstLive.platform).toBe('reachable');
  }, 60_000);
});
