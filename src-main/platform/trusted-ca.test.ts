/**
 * What the app's calls trust: a platform behind a private CA (a self-signed certificate for
 * 127.0.0.1, made with openssl for this run) is refused with Node's default store and reached
 * once `NODE_EXTRA_CA_CERTS` names the CA, direct and through a forward proxy; public roots stay
 * trusted alongside; the system store is taken where Node can read it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { promisify } from 'node:util';
import { createProxy } from 'proxy';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environmentNetwork } from './network';
import { certificatesIn, linuxSystemBundles, trustedCertificates } from './trusted-ca';

let dir: string;
let caPath: string;
let caPem: string;
let server: HttpsServer;
let serverUrl: string;
let proxy: Server;
let proxyUrl: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'onair-ca-'));
  caPath = join(dir, 'ca.pem');
  const keyPath = join(dir, 'key.pem');
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=OnAir Desk test CA',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    keyPath,
    '-out',
    caPath,
  ]);
  caPem = await readFile(caPath, 'utf8');
  server = createServer({ key: await readFile(keyPath), cert: caPem }, (_req, res) =>
    res.end('platform'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  proxy = createProxy(createHttpServer());
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const s of [server, proxy]) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
  await rm(dir, { recursive: true, force: true });
});

/** GETs the test platform through a network built from `env`: its body, or the error's code. */
async function reach(env: NodeJS.ProcessEnv): Promise<string> {
  const trust = await trustedCertificates({ env, platform: 'linux', getCaCertificates: undefined });
  const network = environmentNetwork(env, trust);
  try {
    const response = await request(serverUrl, { dispatcher: network.dispatcher });
    return await response.body.text();
  } catch (error) {
    return String((error as { code?: unknown }).code ?? error);
  } finally {
    await network.close();
  }
}

describe('trustedCertificates against a platform behind a private CA', () => {
  it('is refused with the default store, reached with NODE_EXTRA_CA_CERTS', async () => {
    expect(await reach({})).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(await reach({ NODE_EXTRA_CA_CERTS: caPath })).toBe('platform');
  });

  it('is reached through a forward proxy too', async () => {
    expect(await reach({ HTTPS_PROXY: proxyUrl })).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(await reach({ HTTPS_PROXY: proxyUrl, NODE_EXTRA_CA_CERTS: caPath })).toBe('platform');
  });
});

describe('trustedCertificates sources', () => {
  const files = (map: Record<string, string>) => (path: string) =>
    path in map ? Promise.resolve(map[path] ?? '') : Promise.reject(new Error('ENOENT'));

  it('on Node 20 and Linux: bundled roots, NODE_EXTRA_CA_CERTS and the distribution bundle', async () => {
    const system = `${caPem}\n${caPem}`; // duplicates are kept once
    const trust = await trustedCertificates({
      env: { NODE_EXTRA_CA_CERTS: '/corp/ca.pem' },
      platform: 'linux',
      readFile: files({ '/corp/ca.pem': caPem, [linuxSystemBundles[1] ?? '']: system }),
      getCaCertificates: undefined,
    });
    expect(trust.sources).toEqual([
      'bundled',
      'NODE_EXTRA_CA_CERTS',
      `system (${linuxSystemBundles[1]})`,
    ]);
    expect(trust.ca).toHaveLength(rootCertificates.length + 1);
    expect(trust.ca).toContain(caPem.trim());
  });

  it('on Node 20 elsewhere: the default store, and says the system store was not read', async () => {
    const trust = await trustedCertificates({
      env: {},
      platform: 'win32',
      readFile: files({}),
      getCaCertificates: undefined,
    });
    expect(trust.ca).toBeUndefined();
    expect(trust.sources).toEqual([
      'bundled',
      'no system store (Node 20 cannot read it on this OS)',
    ]);
  });

  it('names an unreadable NODE_EXTRA_CA_CERTS instead of failing', async () => {
    const trust = await trustedCertificates({
      env: { NODE_EXTRA_CA_CERTS: '/missing.pem' },
      platform: 'darwin',
      readFile: files({}),
      getCaCertificates: undefined,
    });
    expect(trust.sources).toContain('NODE_EXTRA_CA_CERTS (unreadable)');
  });

  it("on Node 22.15+ (the desktop app): Node's default store and the system's", async () => {
    const trust = await trustedCertificates({
      env: { NODE_EXTRA_CA_CERTS: '/corp/ca.pem' },
      getCaCertificates: (type) => (type === 'system' ? [caPem, 'B'] : ['A', 'B']),
    });
    expect(trust.ca).toEqual(['A', 'B', caPem.trim()]);
    expect(trust.sources).toEqual(['bundled', 'NODE_EXTRA_CA_CERTS', 'system']);
  });

  it('finds every certificate of a bundle', () => {
    expect(certificatesIn(`junk\n${caPem}\nmore\n${caPem}`)).toHaveLength(2);
  });
});
