/**
 * What the platform does after a broadcast, on the virtual clock (docs/platform-facts.md,
 * "After a broadcast (the sandbox)"): recording files appear with one transfer result per active
 * destination, callbacks only for real transfers, files expire 7 days after the broadcast
 * date; statistics wait 30 minutes after the end; chat and like downloads wait for the end.
 */
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from './index';
import { dataOf, liveClient, listOf } from './live-test-caller';

const start = new Date('2026-03-02T10:00:00Z');
const minute = 60_000;
const day = 24 * 60 * minute;

let sandbox: SandboxHandle;
let api: ReturnType<typeof liveClient>;
let receiver: http.Server;
let hookUrl: string;
const received: Record<string, string>[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 3, rateLimit: false, startAt: start });
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

async function channelKey(customerCode: string): Promise<string> {
  const channels = listOf(await api.get('/channels?per_page=100'));
  const channel = channels.find((candidate) => candidate.customer_code === customerCode);
  if (channel === undefined) throw new Error(`the seed has no channel ${customerCode}`);
  return String(channel.key);
}

async function onAirBroadcast(channel: string): Promise<string> {
  const list = listOf(await api.get(`/channels/${channel}/broadcasts?per_page=100`));
  const broadcast = list.find((candidate) => candidate.is_onair === true);
  if (broadcast === undefined) throw new Error(`no on-air broadcast on ${channel}`);
  return String(broadcast.key);
}

async function stop(broadcastKey: string): Promise<number> {
  const origin = new URL(sandbox.info.live_base_url).origin;
  const answer = await fetch(`${origin}/__sandbox/broadcasts/${broadcastKey}/stop`, {
    method: 'POST',
  });
  return answer.status;
}

interface Transfer {
  file_transfer_id: number;
  kind: string;
  title: string;
  result: number;
  reason: string | null;
}

async function files(channel: string, broadcastKey: string) {
  const answer = await api.get(
    `/channels/${channel}/broadcasts/${broadcastKey}/recording-files?per_page=100`,
  );
  return listOf(answer) as unknown as {
    id: number;
    kind: string;
    started_at: string;
    transfers: Transfer[];
  }[];
}

describe('recording files after a broadcast', () => {
  it('each active destination reports transferred or failed; an inactive one is skipped', async () => {
    const channel = await channelKey('FEST-MAIN');
    await api.put(`/channels/${channel}/callback`, { file_transfer_callback_url: hookUrl });
    const destinations = listOf(await api.get(`/channels/${channel}/file-transfers`));
    const ftp = destinations.find((d) => d.kind === 'ftp');
    const s3 = destinations.find((d) => d.kind === 's3');
    if (ftp === undefined || s3 === undefined) throw new Error('the seed lost its destinations');
    const wrong = dataOf(
      await api.post(`/channels/${channel}/file-transfers/sftp`, {
        title: 'Typo in the host',
        host: 'edit.example.invalid',
        username: 'onair',
        password: 'secret',
      }),
    );
    expect(wrong.is_active).toBe(true);
    expect(
      (
        await api.put(`/channels/${channel}/file-transfers/${String(s3.id)}/status`, {
          is_active: '0',
        })
      ).status,
    ).toBe(200);

    const broadcast = await onAirBroadcast(channel);
    expect((await api.post(`/broadcasts/${broadcast}/duplicate-recording`)).status).toBe(200);
    sandbox.clock.advance(10 * minute);
    expect(await stop(broadcast)).toBe(200);

    const made = await files(channel, broadcast);
    expect(made.map((file) => file.kind).sort()).toEqual(['duplicate', 'segment']);
    for (const file of made) {
      expect(file.transfers.map((t) => [t.file_transfer_id, t.result])).toEqual([
        [ftp.id, 1],
        [wrong.id, 0],
      ]);
      expect(file.transfers[1]?.reason).toMatch(/edit\.example\.invalid/);
      expect(file.transfers.some((t) => t.file_transfer_id === s3.id)).toBe(false);
    }
    await sandbox.callbacks.settle();
    const reports = received.filter((r) => r.broadcast_key === broadcast && r.recording_file_id);
    expect(reports).toHaveLength(4);
    expect(
      reports
        .map(
          (r) =>
            `${r.recording_file_kind}:${r.file_transfer_id}:${r.recording_file_transfer_result}`,
        )
        .sort(),
    ).toEqual(
      [
        `duplicate:${String(ftp.id)}:1`,
        `duplicate:${String(wrong.id)}:0`,
        `segment:${String(ftp.id)}:1`,
        `segment:${String(wrong.id)}:0`,
      ].sort(),
    );
  });

  it('a channel without an active destination gets files and no transfer callback', async () => {
    const fest = await channelKey('FEST-MAIN');
    // Encoder-fed channels only: the default channel list leaves scheduled channels out.
    const encoderFed = listOf(await api.get('/channels?per_page=100')).map((c) => c.key);
    const onAir = listOf(await api.get('/broadcasts?is_onair=1&per_page=100')).find(
      (b) => b.is_onair === true && b.channel_key !== fest && encoderFed.includes(b.channel_key),
    );
    if (onAir === undefined) throw new Error('no other on-air broadcast');
    const channel = String(onAir.channel_key);
    const broadcast = String(onAir.key);
    await api.put(`/channels/${channel}/callback`, { file_transfer_callback_url: hookUrl });
    for (const destination of listOf(await api.get(`/channels/${channel}/file-transfers`))) {
      if (destination.is_active !== true) continue;
      const path = `/channels/${channel}/file-transfers/${String(destination.id)}/status`;
      expect((await api.put(path, { is_active: '0' })).status).toBe(200);
    }
    if (onAir.is_duplicate_recording !== true) {
      expect((await api.post(`/broadcasts/${broadcast}/duplicate-recording`)).status).toBe(200);
    }
    sandbox.clock.advance(minute);
    expect(await stop(broadcast)).toBe(200);
    const made = await files(channel, broadcast);
    expect(made.length).toBeGreaterThan(0);
    expect(made.every((file) => file.transfers.length === 0)).toBe(true);
    await sandbox.callbacks.settle();
    expect(received.filter((r) => r.broadcast_key === broadcast && r.recording_file_id)).toEqual(
      [],
    );
  });

  it('a file is listed until 7 days after its broadcast date, then gone', async () => {
    const channel = await channelKey('FEST-MAIN');
    const list = listOf(await api.get(`/channels/${channel}/recording-files?per_page=100`));
    const newest = list
      .map((file) => ({ id: Number(file.id), startedMs: Date.parse(String(file.started_at)) }))
      .sort((a, b) => b.startedMs - a.startedMs)[0];
    if (newest === undefined) throw new Error('no recording file');
    const ids = async () =>
      listOf(await api.get(`/channels/${channel}/recording-files?per_page=100`)).map((f) =>
        Number(f.id),
      );
    // An hour before its seventh day ends, still there; a minute after, gone.
    sandbox.clock.advance(newest.startedMs + 7 * day - 60 * minute - sandbox.clock.nowMs());
    expect(await ids()).toContain(newest.id);
    sandbox.clock.advance(61 * minute);
    expect(await ids()).not.toContain(newest.id);
  });
});

describe('statistics and data after a broadcast', () => {
  it('statistics answer 422 until 30 minutes after the end; chat and likes wait for the end', async () => {
    const encoderFed = listOf(await api.get('/channels?per_page=100')).map((c) => c.key);
    const onAir = listOf(await api.get('/broadcasts?is_onair=1&per_page=100')).find(
      (b) => b.is_onair === true && encoderFed.includes(b.channel_key),
    );
    if (onAir === undefined) throw new Error('no on-air broadcast left');
    const key = String(onAir.key);
    const chatChannel = dataOf(await api.get(`/channels/${String(onAir.channel_key)}`));

    // On air: the summary and the downloads are refused, the buckets so far are answered.
    expect((await api.get(`/broadcasts/${key}/statistics/summary`)).status).toBe(422);
    expect((await api.get(`/broadcasts/${key}/statistics/viewer/5min-during-a-day`)).status).toBe(
      200,
    );
    const likesOnAir = await api.get(`/broadcasts/${key}/like-download`);
    expect(likesOnAir.status).toBe(422);
    expect(JSON.stringify(likesOnAir.body)).toMatch(/still on air/);
    expect((await api.get(`/broadcasts/${key}/chatting-download`)).status).toBe(422);

    sandbox.clock.advance(5 * minute);
    expect(await stop(key)).toBe(200);

    // Ended: likes and chat (when the channel uses the service chat) at once.
    expect((await api.get(`/broadcasts/${key}/like-download`)).status).toBe(200);
    expect((await api.get(`/broadcasts/${key}/chatting-download`)).status).toBe(
      chatChannel.use_chatting_service === true ? 200 : 422,
    );
    // Statistics: refused 29 minutes after the end, with the time they come; there at 31.
    sandbox.clock.advance(29 * minute);
    const early = await api.get(`/broadcasts/${key}/statistics/summary`);
    expect(early.status).toBe(422);
    expect(JSON.stringify(early.body)).toMatch(/30 minutes after the broadcast ended/);
    expect((await api.get(`/broadcasts/${key}/statistics/viewer/5min-during-a-day`)).status).toBe(
      422,
    );
    sandbox.clock.advance(2 * minute);
    const summary = await api.get(`/broadcasts/${key}/statistics/summary`);
    expect(summary.status).toBe(200);
    expect(Number(dataOf(summary).broadcast_seconds)).toBeGreaterThanOrEqual(5 * 60);
    expect((await api.get(`/broadcasts/${key}/statistics/viewer/5min-during-a-day`)).status).toBe(
      200,
    );
  });
});
