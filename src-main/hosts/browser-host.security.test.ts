/**
 * The browser host's doors and limits (docs/security.md, "Doors" and "Network limits"; issue
 * 32, points 2 and 4), tried as another local process would: the real host on 127.0.0.1,
 * raw HTTP so that every spelling of a path reaches the server as written.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskCore } from '../services/app/desk-core';
import {
  closedWithin,
  rawConnect,
  rawRequest,
  spellings,
} from '../services/core/raw-http-test-support';
import { ok } from '../shared/result';
import { browserHostDoors, startBrowserHost, type BrowserHost } from './browser-host';

/** What got through: every command answers its name, every event stream is counted. */
const ran: string[] = [];
let streams = 0;
const echoCore: DeskCore = {
  invoke: (command: string) => {
    ran.push(command);
    return Promise.resolve(ok({ ran: command }));
  },
  subscribe: () => {
    streams += 1;
    return () => undefined;
  },
  dropClient: () => undefined,
  rereadWatches: () => undefined,
  dispose: () => Promise.resolve(),
};

/** Short limits, so a slow request is cut within the test (the product's are longer). */
const limits = { headersTimeoutMs: 300, requestTimeoutMs: 300, checkEveryMs: 50 };

let host: BrowserHost;
let dir: string;
let secret: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'onair-doors-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>OnAir Desk</title>');
  await writeFile(join(dir, 'assets', 'app.js'), 'console.log(1)');
  host = await startBrowserHost({ core: echoCore, rendererDir: dir, port: 0, limits });
  secret = new URL(host.url).hash.replace('#k=', '');
});

afterAll(async () => {
  await host.close();
  await rm(dir, { recursive: true, force: true });
});

/** Every guarded route of the host's door table, with a concrete path. */
const guarded = Object.entries(browserHostDoors)
  .filter(([, door]) => door.door !== 'public')
  .map(([route]) => {
    const [method = '', pattern = ''] = route.split(' ');
    return { method, path: pattern.replace(':command', 'account.list') };
  });

describe('a local process without the launch secret reaches no command, stream or file, however it spells the path', () => {
  it.each(guarded)('$method $path: 401 or 404 in every spelling', async ({ method, path }) => {
    const target = { port: host.port };
    const answers: string[] = [];
    for (const spelled of spellings(path)) {
      const answer = await rawRequest(
        target,
        method,
        spelled,
        method === 'GET' ? {} : { 'Content-Type': 'application/json' },
        method === 'GET' ? '' : '{"input":{}}',
      );
      answers.push(`${spelled} → ${answer.status}`);
    }
    expect(answers.filter((line) => !/→ (401|404)$/.test(line))).toEqual([]);
    expect(ran).toEqual([]);
    expect(streams).toBe(0);
  });

  it('lets the same routes through with the secret (the refusals above are the door’s)', async () => {
    const answer = await rawRequest(
      { port: host.port },
      'POST',
      '/%72pc/account.list',
      { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
      '{"input":{}}',
    );
    expect(answer.status).toBe(200);
    expect(ran).toEqual(['account.list']);
    ran.length = 0;
  });

  it('serves the page and its files to anyone, and nothing else', async () => {
    expect((await rawRequest({ port: host.port }, 'GET', '/', {})).status).toBe(200);
    expect((await rawRequest({ port: host.port }, 'GET', '/assets/app.js', {})).status).toBe(200);
    expect((await rawRequest({ port: host.port }, 'GET', '/assets/other.js', {})).status).toBe(404);
  });
});

describe('a malformed path is a bad request (400), not a server error', () => {
  it.each(['/%E0%A4%A', '/assets/%zz.js', '/%', '/%C0%80'])('GET %s → 400', async (path) => {
    const answer = await rawRequest({ port: host.port }, 'GET', path, {});
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });
});

describe('a slow local client holds no connection past its timeout', () => {
  it('cuts a request whose headers never end', async () => {
    const socket = await rawConnect({ port: host.port });
    socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\n`);
    const cut = await closedWithin(socket, 1_500, {
      everyMs: 50,
      send: () => socket.write('X-Slow: 1\r\n'),
    });
    expect(cut.closed).toBe(true);
  });

  it('cuts a request whose body never ends (408)', async () => {
    const socket = await rawConnect({ port: host.port });
    socket.write(
      `POST /rpc/account.list HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\n` +
        `Authorization: Bearer ${secret}\r\nContent-Type: application/json\r\n` +
        `Content-Length: 100\r\n\r\n{"input":`,
    );
    const cut = await closedWithin(socket, 1_500);
    expect(cut.closed).toBe(true);
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ran).toEqual([]);
  });
});
