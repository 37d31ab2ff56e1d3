/**
 * The desktop app's network with Electron's proxy resolution replaced by a typed function:
 * each request goes where the PAC-form answer for its URL says, through a local forward proxy
 * (the `proxy` package, 127.0.0.1) or direct; answers undici cannot use go direct and are
 * logged once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxy } from 'proxy';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyFromPac, systemProxyNetwork } from './system-proxy';

let target: Server;
let targetUrl: string;
let proxy: Server;
let proxyHostPort: string;
const tunnels: string[] = [];

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  target = createServer((req, res) => res.end(`hello ${req.url ?? ''}`));
  targetUrl = `http://127.0.0.1:${await listen(target)}`;
  proxy = createProxy(createServer());
  proxy.on('connect', (req: { url?: string }) => tunnels.push(req.url ?? ''));
  proxyHostPort = `127.0.0.1:${await listen(proxy)}`;
});

afterAll(async () => {
  for (const server of [target, proxy]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('proxyFromPac', () => {
  it.each([
    ['DIRECT', null],
    ['', null],
    ['PROXY proxy.corp:3128', 'http://proxy.corp:3128'],
    ['PROXY proxy.corp:3128; DIRECT', 'http://proxy.corp:3128'],
    ['HTTPS secure.corp:443', 'https://secure.corp:443'],
    ['SOCKS5 socks.corp:1080', 'socks5://socks.corp:1080'],
    ['SOCKS socks4.corp:1080; PROXY proxy.corp:8080', 'http://proxy.corp:8080'],
    ['SOCKS socks4.corp:1080; DIRECT', null],
    ['QUIC quic.corp:443', undefined],
  ])('reads "%s" as %s', (answer, expected) => {
    expect(proxyFromPac(answer)).toBe(expected);
  });
});

describe('systemProxyNetwork', () => {
  async function get(answer: (url: string) => Promise<string>, path: string) {
    const asked: string[] = [];
    const logged: string[] = [];
    const network = systemProxyNetwork(
      (url) => {
        asked.push(url);
        return answer(url);
      },
      { ca: undefined, sources: ['bundled'] },
      (line) => logged.push(line),
    );
    const before = tunnels.length;
    try {
      const responses = [];
      for (let i = 0; i < 2; i += 1) {
        const response = await request(`${targetUrl}${path}`, { dispatcher: network.dispatcher });
        responses.push(await response.body.text());
      }
      return { responses, asked, logged, tunnels: tunnels.slice(before) };
    } finally {
      await network.close();
    }
  }

  it('asks for every request with its URL and goes through the proxy named', async () => {
    const seen = await get(() => Promise.resolve(`PROXY ${proxyHostPort}; DIRECT`), '/a?b=1');
    expect(seen.responses).toEqual(['hello /a?b=1', 'hello /a?b=1']);
    expect(seen.asked).toEqual([`${targetUrl}/a?b=1`, `${targetUrl}/a?b=1`]);
    expect(seen.tunnels.length).toBeGreaterThanOrEqual(1);
    for (const tunnel of seen.tunnels) expect(tunnel).toBe(new URL(targetUrl).host);
  });

  it('goes direct for DIRECT', async () => {
    const seen = await get(() => Promise.resolve('DIRECT'), '/direct');
    expect(seen.responses).toEqual(['hello /direct', 'hello /direct']);
    expect(seen.tunnels).toEqual([]);
  });

  it('goes direct, and says so once, when no entry is usable or resolution fails', async () => {
    const socks4 = await get(() => Promise.resolve('SOCKS 127.0.0.1:9'), '/s');
    expect(socks4.responses).toEqual(['hello /s', 'hello /s']);
    expect(socks4.tunnels).toEqual([]);
    expect(socks4.logged).toEqual([
      `proxy: no usable entry in "SOCKS 127.0.0.1:9" for ${targetUrl}; going direct`,
    ]);
    const failed = await get(() => Promise.reject(new Error('no session')), '/f');
    expect(failed.responses).toEqual(['hello /f', 'hello /f']);
    expect(failed.logged).toHaveLength(1);
    expect(failed.logged[0]).not.toContain('/f');
  });

  it('names the proxy it would use for a URL (the panels’ probe), asking as a request does', async () => {
    const answers: Record<string, string> = {
      'http://127.0.0.1:4010/live': 'PROXY 127.0.0.2:3128; DIRECT',
      'http://127.0.0.1:4011/live': 'DIRECT',
      'http://127.0.0.1:4012/live': 'SOCKS 127.0.0.2:9',
    };
    const network = systemProxyNetwork(
      (url) => Promise.resolve(answers[url] ?? 'DIRECT'),
      { ca: undefined, sources: ['bundled'] },
      () => undefined,
    );
    try {
      expect(await network.proxyFor('http://127.0.0.1:4010/live')).toBe('http://127.0.0.2:3128');
      expect(await network.proxyFor('http://127.0.0.1:4011/live')).toBeNull();
      // Nothing usable: requests go direct, so the probe goes direct too.
      expect(await network.proxyFor('http://127.0.0.1:4012/live')).toBeNull();
    } finally {
      await network.close();
    }
  });
});
