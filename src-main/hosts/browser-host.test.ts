/**
 * The browser host refuses what a hostile web page could send: no secret, a wrong secret,
 * a foreign Host (DNS rebinding), a foreign Origin. And it serves the app with its CSP.
 */
import { mkdtemp, writeFile, mkdir, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskCore } from '../services/app/desk-core';
import { ok } from '../shared/result';
import { startBrowserHost, type BrowserHost } from './browser-host';
import { contentSecurityPolicy } from './csp';

/** A core that answers every command with its name: enough to see what got through. */
const echoCore: DeskCore = {
  invoke: (command) => Promise.resolve(ok({ ran: command })),
  subscribe: () => () => undefined,
  dropClient: () => undefined,
  rereadWatches: () => undefined,
  dispose: () => Promise.resolve(),
};

let host: BrowserHost;
let dir: string;
let secret: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'onair-host-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>OnAir Desk</title>');
  await writeFile(join(dir, 'assets', 'app.js'), 'console.log(1)');
  host = await startBrowserHost({ core: echoCore, rendererDir: dir, port: 0 });
  secret = new URL(host.url).hash.replace('#k=', '');
});

afterAll(async () => {
  await host.close();
  await rm(dir, { recursive: true, force: true });
});

/** Raw HTTP, so the test controls the Host header (fetch would not let it). */
function send(
  path: string,
  headers: Record<string, string>,
  method = 'POST',
  body = '{"input":{}}',
) {
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: host.port,
          path,
          method,
          headers: { 'content-type': 'application/json', ...headers },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }),
          );
        },
      );
      req.on('error', reject);
      if (method === 'POST') req.write(body);
      req.end();
    },
  );
}

describe('browser host', () => {
  const hostHeader = () => ({ host: `127.0.0.1:${host.port}` });

  it('is bound to the loopback address', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#k=[A-Za-z0-9_-]{40,}$/);
  });

  it('runs a command with the launch secret', async () => {
    const res = await send('/rpc/workspace.get', {
      ...hostHeader(),
      authorization: `Bearer ${secret}`,
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true, data: { ran: 'workspace.get' } });
  });

  it('refuses a command without the secret (401)', async () => {
    const res = await send('/rpc/workspace.get', hostHeader());
    expect(res.status).toBe(401);
    expect(res.body).not.toContain('ran');
  });

  it('refuses a command with a wrong secret (401)', async () => {
    const res = await send('/rpc/workspace.get', {
      ...hostHeader(),
      authorization: `Bearer ${secret.slice(0, -2)}xx`,
    });
    expect(res.status).toBe(401);
  });

  it('refuses the event stream without the secret (401)', async () => {
    const res = await send('/events', hostHeader(), 'GET');
    expect(res.status).toBe(401);
  });

  it('tells its memory only to who holds the launch secret', async () => {
    const refused = await send('/diagnostics/memory', hostHeader(), 'GET');
    expect(refused.status).toBe(401);
    expect(refused.body).not.toContain('heapUsedBytes');
    const res = await send(
      '/diagnostics/memory',
      { ...hostHeader(), authorization: `Bearer ${secret}` },
      'GET',
    );
    expect(res.status).toBe(200);
    const memory = JSON.parse(res.body) as Record<string, number>;
    expect(memory.rssBytes).toBeGreaterThan(memory.heapUsedBytes ?? Infinity);
    expect(memory.heapUsedBytes).toBeGreaterThan(1_000_000);
  });

  it('refuses a foreign Host even with the secret (403, DNS rebinding)', async () => {
    const res = await send('/rpc/workspace.get', {
      host: `attacker.example:${host.port}`,
      authorization: `Bearer ${secret}`,
    });
    expect(res.status).toBe(403);
    const page = await send('/', { host: 'attacker.example' }, 'GET');
    expect(page.status).toBe(403);
  });

  it('refuses a foreign Origin even with the secret (403)', async () => {
    const res = await send('/rpc/workspace.get', {
      ...hostHeader(),
      origin: 'https://attacker.example',
      authorization: `Bearer ${secret}`,
    });
    expect(res.status).toBe(403);
  });

  it('accepts its own Origin', async () => {
    const res = await send('/rpc/workspace.get', {
      ...hostHeader(),
      origin: `http://127.0.0.1:${host.port}`,
      authorization: `Bearer ${secret}`,
    });
    expect(res.status).toBe(200);
  });

  it('serves the app with its Content Security Policy, and only the built files', async () => {
    const page = await send('/', hostHeader(), 'GET');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe(contentSecurityPolicy);
    expect(page.body).toContain('OnAir Desk');
    const asset = await send('/assets/app.js', hostHeader(), 'GET');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    const escape = await send('/../../etc/passwd', hostHeader(), 'GET');
    expect(escape.body).not.toContain('root:');
  });
});
