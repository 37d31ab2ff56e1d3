/**
 * Recordings end in files and callbacks, as an operator's integrations expect: stopping manual
 * recording, or the broadcast ending, makes the recording file appear in the platform's lists
 * and sends the channel's file-transfer callback with the observed fields, one per active
 * destination (after-broadcast.test.ts covers failures, the toggle and no destination).
 */
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../index';

let sandbox: SandboxHandle;
let server: http.Server;
let hookUrl: string;
const received: Record<string, string>[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 5, rateLimit: false });
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(Object.fromEntries(new URLSearchParams(body)));
      response.writeHead(200).end('ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});

afterAll(async () => {
  await sandbox.close();
  server.close();
});

const live = () =>
  `${sandbox.info.live_base_url}/v1/live/service-accounts/${sandbox.info.service_account_key}`;
async function api(method: string, path: string, form?: Record<string, string>) {
  const response = await fetch(`${live()}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${sandbox.info.tokens.super_admin}`,
      Accept: 'application/json',
    },
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as { data: unknown } | undefined,
  };
}

interface Broadcast {
  key: string;
  channel_key: string;
  is_onair: boolean;
  is_duplicate_recording: boolean;
}

/** On-air broadcasts of encoder-fed channels (the default channel list leaves scheduled out). */
async function onAirBroadcasts(): Promise<Broadcast[]> {
  const channels = (await api('GET', '/channels?per_page=100')).body?.data as { key: string }[];
  const list = await api('GET', '/broadcasts?is_onair=1&per_page=100');
  return (list.body?.data as Broadcast[]).filter(
    (b) => b.is_onair && channels.some((channel) => channel.key === b.channel_key),
  );
}

async function recordingFiles(broadcast: Broadcast) {
  const answer = await api(
    'GET',
    `/channels/${broadcast.channel_key}/broadcasts/${broadcast.key}/recording-files`,
  );
  return answer.body?.data as { recording_file_kind?: string; kind?: string; file_name?: string }[];
}

/** Gives the channel an active FTP destination that receives files (a valid host name). */
async function withDestination(channelKey: string): Promise<void> {
  const listed = await api('GET', `/channels/${channelKey}/file-transfers`);
  const destinations = listed.body?.data as { is_active: boolean; kind: string }[];
  if (destinations.some((d) => d.is_active && d.kind === 'ftp')) return;
  const made = await api('POST', `/channels/${channelKey}/file-transfers/ftp`, {
    title: 'Archive',
    host: 'archive.example.com',
    username: 'onair',
    password: 'secret',
  });
  expect(made.status).toBe(200);
}

describe('recording files and their callbacks', () => {
  it('stopping manual recording makes its file and reports the transfer', async () => {
    const broadcast = (await onAirBroadcasts()).find((b) => !b.is_duplicate_recording);
    if (!broadcast) throw new Error('the seed has no on-air broadcast without manual recording');
    expect(
      (
        await api('PUT', `/channels/${broadcast.channel_key}/callback`, {
          file_transfer_callback_url: hookUrl,
        })
      ).status,
    ).toBe(200);
    await withDestination(broadcast.channel_key);
    const before = (await recordingFiles(broadcast)).length;

    expect((await api('POST', `/broadcasts/${broadcast.key}/duplicate-recording`)).status).toBe(
      200,
    );
    sandbox.clock.advance(90_000);
    expect((await api('DELETE', `/broadcasts/${broadcast.key}/duplicate-recording`)).status).toBe(
      200,
    );

    const files = await recordingFiles(broadcast);
    expect(files.length).toBe(before + 1);
    await sandbox.callbacks.settle();
    const report = received.find((r) => r.broadcast_key === broadcast.key && r.recording_file_id);
    expect(report).toMatchObject({
      recording_file_kind: 'duplicate',
      recording_file_transfer_result: '1',
      channel_key: broadcast.channel_key,
    });
    expect(report?.recording_file_filename).toMatch(/_manual\.mp4$/);
  });

  it('a broadcast that ends finishes its recordings, files and callbacks', async () => {
    const broadcast = (await onAirBroadcasts())[0];
    if (!broadcast) throw new Error('no on-air broadcast');
    await api('PUT', `/channels/${broadcast.channel_key}/callback`, {
      file_transfer_callback_url: hookUrl,
      live_callback_url: hookUrl,
    });
    await withDestination(broadcast.channel_key);
    await withDestination(broadcast.channel_key);
    if (!broadcast.is_duplicate_recording)
      await api('POST', `/broadcasts/${broadcast.key}/duplicate-recording`);
    const before = (await recordingFiles(broadcast)).length;

    const stop = await fetch(
      `${new URL(sandbox.info.live_base_url).origin}/__sandbox/broadcasts/${broadcast.key}/stop`,
      { method: 'POST' },
    );
    expect(stop.status).toBe(200);
    const after = await api('GET', `/broadcasts/${broadcast.key}`);
    expect(after.body?.data).toMatchObject({ is_onair: false, is_duplicate_recording: false });
    expect((await recordingFiles(broadcast)).length).toBeGreaterThan(before);
    await sandbox.callbacks.settle();
    const mine = received.filter((r) => r.broadcast_key === broadcast.key);
    expect(mine.some((r) => r.recording_file_kind === 'duplicate')).toBe(true);
    expect(mine.some((r) => r.event === 'stop')).toBe(true);
  });
});
