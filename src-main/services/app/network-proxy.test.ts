/**
 * Every platform call, upload and download goes through the proxy the environment names
 * (docs/admin/network.md, "Proxies and certificates"). A local forward proxy (the `proxy` package, on 127.0.0.1) counts the
 * tunnels (CONNECT) it opens and the bytes that cross them; the desk core works on the sandbox
 * platform (127.0.0.1 too) with `NO_PROXY` empty, so nothing is exempt. Each step runs on a
 * fresh network (new connections), so its tunnels are its own; an upload or a download must
 * push at least its file's size through the proxy. A control with `NO_PROXY=127.0.0.1` shows
 * the same call making no tunnel at all.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createProxy } from 'proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environmentNetwork, installNetwork, type Network } from '../../platform/network';
import type { CommandName } from '../../shared/bridge';
import { commandCaller, startTestCore, type TestCore } from './test-support';

/** The start of an MP4 (`ftyp` box), so the file sniffs as video. */
const mp4Header = Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex');
const uploadBytes = 3 * 1024 * 1024;

let proxy: Server;
let proxyUrl: string;
const tunnels: { target: string; socket: Socket }[] = [];
let test: TestCore;
let call: ReturnType<typeof commandCaller>;
let filesDir: string;
let network: Network | null = null;
let restore: (() => void) | null = null;

/** Tunnels opened and bytes that crossed them, each way, so far. */
function seen() {
  return {
    tunnels: tunnels.length,
    fromApp: tunnels.reduce((sum, t) => sum + t.socket.bytesRead, 0),
    toApp: tunnels.reduce((sum, t) => sum + t.socket.bytesWritten, 0),
  };
}

/** A fresh network (no connection kept from the step before) with these environment variables. */
async function useNetwork(env: NodeJS.ProcessEnv): Promise<void> {
  restore?.();
  await network?.close();
  network = environmentNetwork(env, { ca: undefined, sources: ['bundled'] });
  restore = installNetwork(network);
}

/** What one step sent through the proxy: tunnels opened, bytes each way. */
async function through(env: NodeJS.ProcessEnv, step: () => Promise<void>) {
  await useNetwork(env);
  const before = seen();
  await step();
  const after = seen();
  return {
    tunnels: after.tunnels - before.tunnels,
    fromApp: after.fromApp - before.fromApp,
    toApp: after.toApp - before.toApp,
  };
}

async function until<T>(what: string, probe: () => Promise<T | null>): Promise<T> {
  for (let tries = 0; tries < 1500; tries += 1) {
    const value = await probe();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${what} never happened`);
}

async function uploadOne(name: string): Promise<string> {
  const path = join(filesDir, name);
  await writeFile(path, Buffer.concat([mp4Header, randomBytes(uploadBytes)]));
  const queued = await call('upload.enqueue', { paths: [path], target: { kind: 'vod' } });
  if (queued.added !== 1) throw new Error(`${name} was not queued: ${JSON.stringify(queued)}`);
  return until(`the upload of ${name}`, async () => {
    const item = (await call('upload.list', {})).items.find((i) => i.batchId === queued.batchId);
    if (item?.state === 'needs-attention')
      throw new Error(`${name} stopped: ${JSON.stringify(item.problem)}`);
    // Sent in full: the platform transcodes it now (on the sandbox's clock, which stands still).
    return item?.state === 'processing' || item?.state === 'done'
      ? (item.protocol ?? 'unknown')
      : null;
  });
}

beforeAll(async () => {
  proxy = createProxy(createServer());
  proxy.on('connect', (request: { url?: string }, socket: Socket) => {
    tunnels.push({ target: request.url ?? '', socket });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  test = await startTestCore({ seed: 7 });
  call = commandCaller(() => test.core, 'proxy-test');
  filesDir = await mkdtemp(join(tmpdir(), 'onair-proxy-files-'));
});

afterAll(async () => {
  restore?.();
  await network?.close();
  await test.close();
  await new Promise((resolve) => proxy.close(resolve));
  proxy.closeAllConnections();
  await rm(filesDir, { recursive: true, force: true });
});

describe('with HTTP_PROXY set and NO_PROXY empty', () => {
  const env = () => ({ HTTP_PROXY: proxyUrl, HTTPS_PROXY: proxyUrl, NO_PROXY: '' });
  const sandboxTarget = () => new URL(test.sandbox.info.live_base_url).host;

  it('sends a live call through the proxy, and none with NO_PROXY=127.0.0.1 (control)', async () => {
    const listChannels = async () => {
      const page = await call('channels.list', {});
      expect(page.data.items.length).toBeGreaterThan(0);
    };
    const direct = await through({ ...env(), NO_PROXY: '127.0.0.1' }, listChannels);
    expect(direct).toEqual({ tunnels: 0, fromApp: 0, toApp: 0 });
    const proxied = await through(env(), listChannels);
    expect(proxied.tunnels).toBeGreaterThanOrEqual(1);
    expect(proxied.fromApp).toBeGreaterThan(0);
    expect(tunnels.at(-1)?.target).toBe(sandboxTarget());
  });

  it('sends a VOD call through the proxy', async () => {
    const proxied = await through(env(), async () => {
      const page = await call('content.list', {});
      expect(page.data.items.length).toBeGreaterThan(0);
    });
    expect(proxied.tunnels).toBeGreaterThanOrEqual(1);
    expect(proxied.toApp).toBeGreaterThan(0);
  });

  it('sends a tus upload through the proxy, the whole file', async () => {
    let protocol = '';
    const proxied = await through(env(), async () => {
      protocol = await uploadOne('tus.mp4');
    });
    expect(protocol).toBe('tus');
    expect(proxied.fromApp).toBeGreaterThan(uploadBytes);
  });

  it('sends a multipart upload through the proxy, the whole file', async () => {
    test.sandbox.uploads.setMode('multipart');
    let protocol = '';
    const proxied = await through(env(), async () => {
      protocol = await uploadOne('multipart.mp4');
    });
    test.sandbox.uploads.setMode('tus');
    expect(protocol).toBe('multipart');
    expect(proxied.fromApp).toBeGreaterThan(uploadBytes);
  });

  it('sends a download through the proxy, the whole file', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'onair-proxy-downloads-'));
    try {
      await call('downloads.folder', { folder });
      const contents = await call('content.list', { perPage: 50 });
      const lecture = contents.data.items.find(
        (item) => item.title === 'Data Structures, Lecture 6: Trees',
      );
      if (!lecture) throw new Error('the seed has no lecture with its original kept');
      let path = '';
      const proxied = await through(env(), async () => {
        const { downloadId } = await call('downloads.start', {
          source: { kind: 'vod-original', uploadFileKey: lecture.uploadFileKey },
        });
        path = await until('the download', async () => {
          const item = (await call('downloads.list', {})).items.find((t) => t.id === downloadId);
          if (item?.state === 'failed') throw new Error(`download failed: ${item.error?.message}`);
          return item?.state === 'done' ? (item.path ?? '') : null;
        });
      });
      const size = (await stat(path)).size;
      expect(size).toBeGreaterThan(0);
      expect(proxied.toApp).toBeGreaterThan(size);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('fails a live call when the proxy refuses the tunnel: nothing goes around it', async () => {
    (proxy as { authenticate?: () => boolean }).authenticate = () => false;
    try {
      await useNetwork(env());
      const result = await test.core.invoke(
        'channels.list' satisfies CommandName,
        {},
        {
          clientId: 'proxy-test',
        },
      );
      expect(result.ok).toBe(false);
    } finally {
      delete (proxy as { authenticate?: () => boolean }).authenticate;
    }
  });
});
