/**
 * Scheduled channels play their programs on the virtual clock (scheduled-output.ts): on air
 * with the program whose time has come, the waiting screen of the next program between
 * programs, broadcasts that end with the program and leave no recording file.
 */
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../index';
import { dataOf, liveClient, listOf } from '../testing/live-test-caller';

const start = new Date('2026-03-02T10:00:00Z');
const minute = 60_000;

let sandbox: SandboxHandle;
let api: ReturnType<typeof liveClient>;
let receiver: http.Server;
let hookUrl: string;
const received: Record<string, string>[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 4, rateLimit: false, startAt: start });
  api = liveClient(sandbox.info, sandbox.info.tokens.super_admin);
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(Object.fromEntries(new URLSearchParams(body)));
      response.writeHead(200).end('ok');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});

afterAll(async () => {
  await sandbox.close();
  receiver.close();
});

interface Output {
  state: string;
  program_id: number | null;
  upload_file_key: string | null;
  wait_media_content_key: string | null;
  until: string | null;
}

async function channel(key: string) {
  const data = dataOf(await api.get(`/channels/${key}`));
  return {
    output: data.scheduled_output as Output,
    latest: data.latest_broadcast as { key?: string; title?: string; is_onair?: boolean },
  };
}

describe('scheduled channels on the virtual clock', () => {
  it('go on air with the program whose time has come and wait between programs', async () => {
    const channels = listOf(await api.get('/channels?per_page=100&channel_type=all'));
    const lofi = channels.find((c) => c.customer_code === 'SCHED-LOFI');
    if (lofi === undefined) throw new Error('no scheduled channel in the seed');
    const key = String(lofi.key);
    expect(lofi.scheduled_output).not.toBeNull();
    expect(channels.find((c) => c.channel_type === 'live')?.scheduled_output).toBeNull();
    await api.put(`/channels/${key}/callback`, { live_callback_url: hookUrl });

    // A program of our own 2 hours ahead, after a gap: 40 min from a medium of the library.
    const media = listOf(await api.get('/programs/media-contents?per_page=100'));
    const programs = listOf(await api.get(`/channels/${key}/programs?per_page=100`));
    const lastEnd = Math.max(...programs.map((p) => Date.parse(String(p.end_at))));
    const startAt = new Date(lastEnd + 60 * minute);
    const medium = media.find((m) => Number(m.duration) >= 600);
    const wait = listOf(await api.get('/programs/wait-media-contents?per_page=100'))[0];
    if (medium === undefined || wait === undefined) throw new Error('no media in the seed');
    const made = await api.post(`/channels/${key}/programs`, {
      title: 'Rehearsal Special',
      start_at: startAt.toISOString().replace('.000Z', 'Z'),
      'upload_file_keys[]': [String(medium.upload_file_key)],
      wait_media_content_key: String(wait.wait_media_content_key),
    });
    expect(made.body).toMatchObject({ data: { title: 'Rehearsal Special' } });
    const program = dataOf(made);
    const endMs = Date.parse(String(program.end_at));

    // Half an hour before it: waiting, with its waiting screen, until its start.
    sandbox.clock.advance(startAt.getTime() - 30 * minute - sandbox.clock.nowMs());
    let now = await channel(key);
    expect(now.output).toMatchObject({
      state: 'waiting',
      program_id: program.id,
      wait_media_content_key: String(wait.wait_media_content_key),
      until: program.start_at,
    });
    expect(now.latest.is_onair).toBe(false);

    // A minute in: on air, its broadcast titled like the program, playing its medium.
    sandbox.clock.advance(31 * minute);
    now = await channel(key);
    expect(now.output).toMatchObject({
      state: 'program',
      program_id: program.id,
      upload_file_key: String(medium.upload_file_key),
      until: program.end_at,
    });
    expect(now.latest).toMatchObject({ title: 'Rehearsal Special', is_onair: true });
    const broadcastKey = String(now.latest.key);
    const broadcast = dataOf(await api.get(`/broadcasts/${broadcastKey}`));
    expect(broadcast.started_at).toBe(program.start_at);
    expect((await api.post(`/broadcasts/${broadcastKey}/duplicate-recording`)).status).toBe(422);

    // After its end: off air, ended at the program's end, idle (nothing to come), no recording.
    sandbox.clock.advance(endMs - sandbox.clock.nowMs() + minute);
    now = await channel(key);
    expect(now.output.state).toBe('idle');
    expect(dataOf(await api.get(`/broadcasts/${broadcastKey}`))).toMatchObject({
      is_onair: false,
      ended_at: program.end_at,
    });
    const files = listOf(
      await api.get(`/channels/${key}/broadcasts/${broadcastKey}/recording-files`),
    );
    expect(files).toEqual([]);
    await sandbox.callbacks.settle();
    const events = received.filter((r) => r.broadcast_key === broadcastKey).map((r) => r.event);
    expect(events).toEqual(['start', 'stop']);
  });
});

describe('a trashed scheduled channel', () => {
  it('stops its program and plays nothing more', async () => {
    const channels = listOf(await api.get('/channels?per_page=100&channel_type=scheduled'));
    const toons = channels.find((c) => c.customer_code === 'SCHED-TOONS');
    if (toons === undefined) throw new Error('no second scheduled channel in the seed');
    const key = String(toons.key);
    // A program of its own 10 minutes ahead (the first case played the seed's to their end).
    const medium = listOf(await api.get('/programs/media-contents?per_page=100')).find(
      (m) => Number(m.duration) >= 600,
    );
    if (medium === undefined) throw new Error('no media in the seed');
    const startAt = new Date(Math.ceil((sandbox.clock.nowMs() + 10 * minute) / 1000) * 1000);
    const made = await api.post(`/channels/${key}/programs`, {
      title: 'Late Toons',
      start_at: startAt.toISOString().replace('.000Z', 'Z'),
      'upload_file_keys[]': [String(medium.upload_file_key)],
    });
    expect(made.body).toMatchObject({ data: { title: 'Late Toons' } });
    sandbox.clock.advance(startAt.getTime() - sandbox.clock.nowMs() + minute);
    expect((await channel(key)).output.state).toBe('program');
    const playing = String((await channel(key)).latest.key);

    expect((await api.put(`/channels/${key}/trash`)).status).toBe(200);
    sandbox.clock.advance(minute);
    expect(dataOf(await api.get(`/broadcasts/${playing}`)).is_onair).toBe(false);
    expect((await channel(key)).output.state).toBe('idle');
  });
});
