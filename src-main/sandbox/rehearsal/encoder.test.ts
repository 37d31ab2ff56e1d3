/**
 * Simulated encoders, as a rehearsing operator drives them through the control
 * (`/__sandbox/channels/{key}/encoder`): a channel goes on air with a new broadcast and key, the
 * stream drops and comes back within the reconnect window (same broadcast), or stays away and
 * the broadcast ends at the window's end; the live callback hears each step; channels that no
 * encoder may feed are refused; a dropped stream still ends after a restart (state file).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EncoderStatus, SandboxHandle } from '../index';
import { startSandbox } from '../index';
import type { WireBroadcast, WireChannel } from '../testing/test-support';
import { liveCaller } from '../testing/test-support';

let sandbox: SandboxHandle;
let hook: http.Server;
let hookUrl: string;
const received: Record<string, string>[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    seed: 3,
    rateLimit: false,
    startAt: new Date('2026-05-04T09:00:00Z'),
  });
  hook = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(Object.fromEntries(new URLSearchParams(body)));
      response.writeHead(200).end('ok');
    });
  });
  hook.listen(0, '127.0.0.1');
  await once(hook, 'listening');
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/live`;
});

afterAll(async () => {
  await sandbox.close();
  hook.close();
});

const api = () => liveCaller(sandbox.info, sandbox.info.tokens.super_admin);
const origin = () => new URL(sandbox.info.live_base_url).origin;

async function encoder(
  channelKey: string,
  state?: string,
): Promise<{ status: number; body: { data?: EncoderStatus; message?: string } }> {
  const url = `${origin()}/__sandbox/channels/${channelKey}/encoder`;
  const response =
    state === undefined
      ? await fetch(url)
      : await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ state }),
        });
  return {
    status: response.status,
    body: (await response.json()) as { data?: EncoderStatus; message?: string },
  };
}

async function channelNamed(title: string, trashed = false): Promise<WireChannel> {
  const list = await api().get<{ data: WireChannel[] }>(
    `/channels?per_page=100&channel_type=all${trashed ? '&trashed=1' : ''}`,
  );
  const channel = list.body.data.find((item) => item.title === title);
  if (channel === undefined) throw new Error(`the seed has no channel "${title}"`);
  return channel;
}

async function broadcast(key: string): Promise<WireBroadcast> {
  const answer = await api().get<{ data: WireBroadcast }>(`/broadcasts/${key}`);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function advanceSeconds(seconds: number): Promise<void> {
  const response = await fetch(`${origin()}/__sandbox/clock/advance`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  expect(response.status).toBe(200);
}

describe('a simulated encoder', () => {
  it('puts an off-air channel on air with a new broadcast and key, then drops, reconnects and ends', async () => {
    const channel = await channelNamed('Backstage Cam');
    const put = await api().put(`/channels/${channel.key}/callback`, {
      live_callback_url: hookUrl,
    });
    expect(put.status).toBeLessThan(300);
    expect((await encoder(channel.key)).body.data?.state).toBe('off');
    const known = new Set(
      (await api().get<{ data: WireBroadcast[] }>('/broadcasts?per_page=100')).body.data.map(
        (item) => item.key,
      ),
    );

    const on = await encoder(channel.key, 'live');
    expect(on.status).toBe(200);
    const key = on.body.data?.broadcast_key ?? '';
    expect(on.body.data?.state).toBe('live');
    expect(key).toMatch(/^[a-z0-9]{16}$/);
    expect(known.has(key)).toBe(false);
    const started = await broadcast(key);
    expect(started.is_onair).toBe(true);
    expect(started.channel_key).toBe(channel.key);
    const listed = await api().get<{ data: WireChannel & { latest_broadcast: { key?: string } } }>(
      `/channels/${channel.key}`,
    );
    expect(listed.body.data.latest_broadcast.key).toBe(key);

    // Dropped, back within the 5-minute window: the same broadcast goes on.
    await advanceSeconds(60);
    const off = await encoder(channel.key, 'off');
    expect(off.body.data?.state).toBe('reconnecting');
    expect(off.body.data?.reconnect_left_ms).toBeGreaterThan(4 * 60_000);
    expect(Number.isInteger(off.body.data?.reconnect_left_ms)).toBe(true);
    expect((await broadcast(key)).is_onair).toBe(true);
    await advanceSeconds(4 * 60);
    const back = await encoder(channel.key, 'live');
    expect(back.body.data).toMatchObject({ state: 'live', broadcast_key: key });

    // Dropped again and away past the window: the broadcast ended at the window's end.
    const clock = (await (await fetch(`${origin()}/__sandbox/clock`)).json()) as { now: string };
    const dropAt = Date.parse(clock.now);
    await encoder(channel.key, 'off');
    await advanceSeconds(5 * 60 + 1);
    const ended = await broadcast(key);
    expect(ended.is_onair).toBe(false);
    expect(Date.parse(ended.ended_at ?? '')).toBeGreaterThanOrEqual(dropAt + 5 * 60_000 - 1000);
    expect(Date.parse(ended.ended_at ?? '')).toBeLessThanOrEqual(dropAt + 5 * 60_000 + 1000);
    expect((await encoder(channel.key)).body.data?.state).toBe('off');

    // Live again: another new broadcast.
    const again = await encoder(channel.key, 'live');
    expect(again.body.data?.broadcast_key).not.toBe(key);
    await encoder(channel.key, 'off');

    await sandbox.callbacks.settle();
    const events = received.filter((form) => form.broadcast_key === key).map((form) => form.event);
    expect(events).toEqual(['start', 'pause', 'resume', 'pause', 'stop']);
    expect(received.find((form) => form.broadcast_key === key)).toMatchObject({
      channel_key: channel.key,
    });
  });

  it('asked for the state it has, changes nothing', async () => {
    const channel = await channelNamed('Backstage Cam');
    const first = await encoder(channel.key, 'live');
    const second = await encoder(channel.key, 'live');
    expect(second.body.data?.broadcast_key).toBe(first.body.data?.broadcast_key);
    await encoder(channel.key, 'off');
    const stillWaiting = await encoder(channel.key, 'off');
    expect(stillWaiting.body.data?.state).toBe('reconnecting');
  });

  it('lists the encoder-fed channels, seeded broadcasts on air as live', async () => {
    const response = await fetch(`${origin()}/__sandbox/encoders`);
    const { data } = (await response.json()) as { data: EncoderStatus[] };
    expect(data.some((item) => item.state === 'live')).toBe(true);
    expect(data.map((item) => item.channel_title)).not.toContain('Lo-fi Study Radio');
    expect(data.map((item) => item.channel_title)).not.toContain('Product Launch 2023');
  });

  it('refuses an unknown channel, a disabled or trashed one, and a scheduled one', async () => {
    const unknown = await encoder('zzzzzzzzzzzzzzzz', 'live');
    expect(unknown.status).toBe(404);
    const disabled = await encoder((await channelNamed('Weekend Matchday')).key, 'live');
    expect(disabled.status).toBe(422);
    expect(disabled.body.message).toContain('disabled');
    const listed = await fetch(`${origin()}/__sandbox/encoders`);
    const { data } = (await listed.json()) as { data: EncoderStatus[] };
    expect(data.find((item) => item.channel_title === 'Weekend Matchday')?.channel_disabled).toBe(
      true,
    );
    const trashed = await encoder((await channelNamed('Product Launch 2023', true)).key, 'live');
    expect(trashed.status).toBe(422);
    expect(trashed.body.message).toContain('trash');
    const scheduled = await channelNamed('Lo-fi Study Radio');
    for (const state of ['live', 'off']) {
      const answer = await encoder(scheduled.key, state);
      expect(answer.status).toBe(422);
      expect(answer.body.message).toContain('scheduled channel');
    }
    const bad = await encoder((await channelNamed('Backstage Cam')).key, 'paused');
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('The state must be "live" or "off".');
  });
});

describe('a dropped encoder across a restart', () => {
  it('still ends the waiting broadcast when the window runs out after the sandbox restarted', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'onair-encoder-'));
    const stateFile = join(dir, 'state.json');
    const startAt = new Date('2026-05-04T09:00:00Z');
    try {
      const first = await startSandbox({ port: 0, seed: 3, rateLimit: false, stateFile, startAt });
      const channel = first.encoders
        .list()
        .find((item) => item.state === 'off' && !item.channel_disabled);
      if (channel === undefined) throw new Error('the seed has no off-air channel');
      const key = first.encoders.set(channel.channel_key, 'live').broadcast_key;
      expect(first.encoders.set(channel.channel_key, 'off').state).toBe('reconnecting');
      await first.close();

      const second = await startSandbox({ port: 0, seed: 3, rateLimit: false, stateFile, startAt });
      try {
        expect(second.encoders.status(channel.channel_key)).toMatchObject({
          state: 'reconnecting',
          broadcast_key: key,
        });
        second.clock.advance(5 * 60_000 + 1000);
        expect(second.encoders.status(channel.channel_key).state).toBe('off');
        const ended = await liveCaller(second.info, second.info.tokens.super_admin).get<{
          data: WireBroadcast;
        }>(`/broadcasts/${key ?? ''}`);
        expect(ended.body.data.is_onair).toBe(false);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
