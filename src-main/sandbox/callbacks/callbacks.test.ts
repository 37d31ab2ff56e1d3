import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TokenAuthority } from '../kernel/auth';
import { CallbackEngine, emitCallback, setCallbackUrl } from './callbacks';
import { VirtualClock } from '../kernel/clock';
import { RateLimiter } from '../kernel/rate-limit';
import { seedState } from '../seed/seed';
import { buildServer } from '../server';
import type { SandboxState } from '../state/state';

/** A callback receiver on 127.0.0.1:0 answering the queued statuses (then 200), or never. */
interface Receiver {
  url: string;
  received: Record<string, string>[];
  answers: (number | 'hang')[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const received: Record<string, string>[] = [];
  const answers: (number | 'hang')[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(Object.fromEntries(new URLSearchParams(body)));
      const answer = answers.shift() ?? 200;
      if (answer !== 'hang') response.writeHead(answer).end('ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answers,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

const start = new Date('2025-03-01T12:00:00Z');
let receiver: Receiver;
let state: SandboxState;
let clock: VirtualClock;
let engine: CallbackEngine;

beforeEach(async () => {
  receiver = await startReceiver();
  clock = new VirtualClock(start, () => 0);
  state = seedState(1, start);
});
afterEach(async () => {
  await engine.close();
  await receiver.close();
});

/** A VOD channel of the seed: its callback URLs are on its record. */
function vodChannelKey(): string {
  const channel = state.vod.channels[0];
  if (channel === undefined) throw new Error('the seed has no VOD channel');
  return channel.key;
}

function onAir(): { key: string; channelKey: string } {
  const broadcast = state.broadcasts.find((candidate) => candidate.isOnair);
  if (broadcast === undefined) throw new Error('the seed has no broadcast on air');
  return broadcast;
}

describe('callback delivery', () => {
  it('POSTs the event form-encoded to the channel URL and counts 200 as delivered', async () => {
    engine = new CallbackEngine(state, clock);
    const broadcast = onAir();
    setCallbackUrl(
      state,
      { api: 'live', channelKey: broadcast.channelKey, kind: 'live' },
      receiver.url,
    );
    const delivery = emitCallback(state, {
      type: 'live.broadcast',
      event: 'pause',
      channel_key: broadcast.channelKey,
      broadcast_key: broadcast.key,
    });
    expect(delivery).toBeDefined();
    await engine.settle();
    expect(receiver.received).toEqual([
      {
        event: 'pause',
        channel_key: broadcast.channelKey,
        broadcast_key: broadcast.key,
        occurred_at: '2025-03-01T12:00:00+00:00',
      },
    ]);
    expect(engine.deliveries()[0]).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('keeps the last 500 deliveries in memory, oldest dropped first', async () => {
    let sends = 0;
    engine = new CallbackEngine(state, clock, {
      send: () => {
        sends += 1;
        return Promise.resolve({ httpStatus: 200, failure: null });
      },
    });
    const broadcast = onAir();
    setCallbackUrl(
      state,
      { api: 'live', channelKey: broadcast.channelKey, kind: 'live' },
      receiver.url,
    );
    // Delivery ids come from the sandbox's one id counter (ids.ts): the first is the next id.
    const firstId = state.ids.lastId + 1;
    for (let n = 0; n < 505; n++)
      emitCallback(state, {
        type: 'live.broadcast',
        event: 'pause',
        channel_key: broadcast.channelKey,
        broadcast_key: broadcast.key,
      });
    await engine.settle();
    const kept = engine.deliveries();
    expect(sends).toBe(505);
    expect(kept).toHaveLength(500);
    expect([kept[0]?.id, kept.at(-1)?.id]).toEqual([firstId + 5, firstId + 504]);
    expect(engine.resend(firstId + 4)).toBeUndefined();
    expect(receiver.received).toEqual([]);
  });

  it('sends nothing when no URL is set for the channel (spec, Events 1)', async () => {
    engine = new CallbackEngine(state, clock);
    const delivery = emitCallback(state, {
      type: 'vod.download',
      device: 'pc',
      channel_key: 'nochannel',
      upload_file_key: '20250301-abcdefgh',
      media_content_key: 'AbCd1234',
    });
    expect(delivery).toBeUndefined();
    await engine.settle();
    expect(receiver.received).toEqual([]);
  });

  it('retries a non-200 after 5 minutes of virtual time, not before', async () => {
    engine = new CallbackEngine(state, clock);
    setCallbackUrl(
      state,
      { api: 'vod', channelKey: vodChannelKey(), kind: 'channel' },
      receiver.url,
    );
    receiver.answers.push(503);
    emitCallback(state, {
      type: 'vod.content',
      event: 'added',
      channel_key: vodChannelKey(),
      upload_file_key: '20250301-abcdefgh',
      media_content_key: 'AbCd1234',
    });
    await engine.settle();
    expect(engine.deliveries()[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'HTTP 503',
    });
    clock.advance(4 * 60_000);
    await engine.settle();
    expect(receiver.received).toHaveLength(1);
    clock.advance(60_000);
    await engine.settle();
    expect(engine.deliveries()[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(receiver.received[1]).toEqual(receiver.received[0]);
    expect(receiver.received[0]?.occurred_at).toBe(String(start.getTime() / 1000));
  });

  it('gives up after the last attempt, and times out a receiver that never answers', async () => {
    engine = new CallbackEngine(state, clock, { maxAttempts: 2, responseTimeoutMs: 150 });
    setCallbackUrl(
      state,
      { api: 'vod', channelKey: vodChannelKey(), kind: 'download' },
      receiver.url,
    );
    receiver.answers.push('hang', 500);
    emitCallback(state, {
      type: 'vod.download',
      device: 'mobile',
      channel_key: vodChannelKey(),
      upload_file_key: '20250301-abcdefgh',
      media_content_key: 'AbCd1234',
    });
    await engine.settle();
    expect(engine.deliveries()[0]?.lastError).toBe('no answer within 150 ms');
    clock.advance(5 * 60_000);
    await engine.settle();
    clock.advance(60 * 60_000);
    await engine.settle();
    expect(engine.deliveries()[0]).toMatchObject({
      status: 'given_up',
      attempts: 2,
      lastError: 'HTTP 500',
    });
  });
});

describe('POST /__sandbox/broadcasts/{broadcast_key}/{action}', () => {
  it('pauses, resumes and stops a broadcast and reports each to the live callback', async () => {
    engine = new CallbackEngine(state, clock);
    const app = buildServer({
      state,
      clock,
      tokens: new TokenAuthority(),
      vodAccessToken: 'vod-token',
      limiter: new RateLimiter(undefined, false),
      logger: false,
      callbacks: engine,
    });
    try {
      const broadcast = onAir();
      setCallbackUrl(
        state,
        { api: 'live', channelKey: broadcast.channelKey, kind: 'live' },
        receiver.url,
      );
      const act = (action: string, key = broadcast.key) =>
        app.inject({ method: 'POST', url: `/__sandbox/broadcasts/${key}/${action}` });

      const paused = await act('pause');
      expect(paused.statusCode).toBe(200);
      expect(paused.json()).toMatchObject({
        data: { is_onair: true, paused_at: expect.any(String) as unknown },
      });
      expect((await act('pause')).json()).toEqual({ message: 'The broadcast is already paused.' });
      expect((await act('resume')).json()).toMatchObject({ data: { paused_at: null } });
      const stopped = await act('stop');
      expect(stopped.json()).toMatchObject({
        data: { is_onair: false, ended_at: expect.any(String) as unknown },
      });
      expect((await act('start')).statusCode).toBe(422);
      expect((await act('stop', 'zzzzzzzzzzzzzzzz')).statusCode).toBe(404);

      await engine.settle();
      expect(receiver.received.map((form) => form.event)).toEqual(['pause', 'resume', 'stop']);
    } finally {
      await app.close();
    }
  });
});
