/**
 * The studio hub's doors and limits, tried as a host on the LAN would (docs/security.md,
 * "Doors" and "Network limits"; issue 32, points 2 and 4): the real hub over TLS on
 * 127.0.0.1, raw HTTP so that every spelling reaches it as written, two loopback addresses
 * (127.0.0.2, 127.0.0.3) as two LAN hosts, the hub's free space injected.
 */
import { mkdtemp, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedWithin, rawConnect, rawRequest, spellings } from '../core/raw-http-test-support';
import type { StudioHosting } from '../../shared/studio-model';
import { createStudioHub, type StudioHub } from './hub';
import { hubDoors } from './hub-doors';
import { pinnedAgent } from './seat';
import { sendSeatFile } from './seat-files';
import { gigabyte } from './seat-upload-room';

let dir: string;
let hub: StudioHub;
let hosting: StudioHosting;
let agent: Agent;
let credential: string;
/** What the hub's disk has free (the test sets it), and how often the hub looked. */
let free = 100 * gigabyte;
let looked = 0;
const logged: string[] = [];
const t = Date.parse('2026-11-28T20:00:00Z');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'onair-hub-doors-'));
  hub = await createStudioHub({
    dataDir: join(dir, 'hub'),
    now: () => t,
    log: (line) => logged.push(line),
    spoolDir: join(dir, 'spool'),
    limits: { headersTimeoutMs: 300, requestTimeoutMs: 300, checkEveryMs: 50 },
    freeBytes: () => {
      looked += 1;
      return Promise.resolve(free);
    },
  });
  hosting = await hub.start('127.0.0.1', 0);
  agent = pinnedAgent(hosting.fingerprint);
  const paired = await pair(hub.newPairingCode('operator').code, 'PD');
  credential = (JSON.parse(paired.body) as { data: { credential: string } }).data.credential;
});

afterAll(async () => {
  await agent.close();
  await hub.stop();
  await rm(dir, { recursive: true, force: true });
});

const target = (localAddress?: string) => ({
  port: hosting.port,
  tls: true,
  ...(localAddress ? { localAddress } : {}),
});

function pair(code: string, seatName: string, from?: string) {
  return rawRequest(
    target(from),
    'POST',
    '/studio/pair',
    { 'Content-Type': 'application/json' },
    JSON.stringify({ code, seatName }),
  );
}

const guarded = Object.entries(hubDoors)
  .filter(([, door]) => door.door !== 'public')
  .map(([route]) => {
    const [method = '', pattern = ''] = route.split(' ');
    return { method, path: pattern.replace(':command', 'account.list') };
  });

describe('a LAN host without a seat credential reaches no route but pairing, however it spells the path', () => {
  it.each(guarded)('$method $path: 401 or 404 in every spelling', async ({ method, path }) => {
    const answers: string[] = [];
    for (const spelled of spellings(path)) {
      const answer = await rawRequest(
        target(),
        method,
        spelled,
        method === 'GET' ? {} : { 'Content-Type': 'application/json' },
        method === 'GET' ? '' : '{}',
      );
      answers.push(`${spelled} → ${answer.status}`);
    }
    expect(answers.filter((line) => !/→ (401|404)$/.test(line))).toEqual([]);
  });

  it('lets a seat through with its credential (the refusals above are the door’s)', async () => {
    const answer = await rawRequest(target(), 'GET', '/studio/%68ello', {
      Authorization: `Seat ${credential}`,
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ data: { seatName: 'PD' } });
  });

  it('answers a malformed path 400, not a server error', async () => {
    for (const path of ['/studio/%E0%A4%A', '/rpc/%zz'])
      expect((await rawRequest(target(), 'GET', path, {})).status).toBe(400);
  });
});

describe('a bad neighbour’s wrong pairing codes lock its own address, not the hub', () => {
  it('locks 127.0.0.2 after five wrong codes while 127.0.0.3 still pairs', async () => {
    const { code } = hub.newPairingCode('observer');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await pair('11112222', 'Guess', '127.0.0.2')).status);
    expect(statuses).toEqual([403, 403, 403, 403, 429]);
    expect((await pair(code, 'Guess', '127.0.0.2')).status).toBe(429);
    const other = await pair(code, 'Graphics', '127.0.0.3');
    expect(other.status).toBe(200);
    expect(JSON.parse(other.body)).toMatchObject({ data: { seatName: 'Graphics' } });
    expect(logged.some((line) => line.includes('pairing locked for 127.0.0.2'))).toBe(true);
  });
});

describe('a seat name cannot forge a log line or the journal', () => {
  it('refuses control characters in a seat name, and pairs nobody', async () => {
    const { code } = hub.newPairingCode('operator');
    const forged = 'PD"\nstudio: seat "Admin" paired as operator';
    const answer = await pair(code, forged, '127.0.0.4');
    expect(answer.status).toBe(400);
    expect(hub.status().seats.map((seat) => seat.name)).not.toContain(forged);
    expect(logged.join('\n')).not.toContain('"Admin"');
    expect((await pair(code, 'x'.repeat(61), '127.0.0.4')).status).toBe(400);
  });
});

describe('a slow LAN host holds no connection past its timeout', () => {
  it('cuts a request whose headers never end', async () => {
    const socket = await rawConnect(target());
    socket.write(`POST /studio/pair HTTP/1.1\r\nHost: 127.0.0.1:${hosting.port}\r\n`);
    const cut = await closedWithin(socket, 1_500, {
      everyMs: 50,
      send: () => socket.write('X-Slow: 1\r\n'),
    });
    expect(cut.closed).toBe(true);
  });

  it('cuts a pairing whose body never ends (408)', async () => {
    const socket = await rawConnect(target());
    socket.write(
      `POST /studio/pair HTTP/1.1\r\nHost: 127.0.0.1:${hosting.port}\r\n` +
        `Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"code":`,
    );
    const cut = await closedWithin(socket, 1_500);
    expect(cut.closed).toBe(true);
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('a seat’s file that would eat the hub’s reserve is refused before its upload starts', () => {
  it('tells the seat from the declared size, and the hub receives no byte', async () => {
    free = 6 * gigabyte;
    looked = 0;
    const path = join(dir, 'match.mp4');
    await writeFile(path, '');
    await truncate(path, 2 * gigabyte); // sparse: no disk used here
    const sent = await sendSeatFile({
      hubUrl: hosting.url,
      agent,
      headers: { Authorization: `Seat ${credential}` },
      path,
    });
    expect(sent.ok).toBe(false);
    if (sent.ok) return;
    expect(sent.refusal.text).toEqual({
      key: 'studio.errors.hubKeepsFree',
      params: { name: 'match.mp4', size: '2.0', keep: '5.0', free: '6.0' },
    });
    expect(sent.refusal.reason).toContain('keeps 5.0 GB free');
    // Asked once (the room), never sent (the PUT would have looked again).
    expect(looked).toBe(1);
    expect(await readdir(join(dir, 'spool')).catch(() => [])).toEqual([]);
  });

  it('refuses a PUT from its Content-Length alone, before a byte of the body', async () => {
    free = 6 * gigabyte;
    const answer = await rawRequest(target(), 'PUT', '/studio/files?name=match.mp4', {
      Authorization: `Seat ${credential}`,
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(2 * gigabyte),
    });
    expect(answer.status).toBe(507);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { room: { reason: 'keep-free' } } });
    expect(await readdir(join(dir, 'spool')).catch(() => [])).toEqual([]);
  });

  it('takes the same file when the hub has room', async () => {
    free = 100 * gigabyte;
    const path = join(dir, 'small.mp4');
    await writeFile(path, 'frames');
    const sent = await sendSeatFile({
      hubUrl: hosting.url,
      agent,
      headers: { Authorization: `Seat ${credential}` },
      path,
    });
    expect(sent.ok).toBe(true);
  });
});
