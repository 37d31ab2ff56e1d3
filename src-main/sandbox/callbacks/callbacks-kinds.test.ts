/**
 * Every callback kind the spec names (spec, Events) reaches a receiver on 127.0.0.1 after the
 * action that causes it, with its payload; deliveries outside this machine are refused without
 * any connection (host names go to an injected resolver, never to DNS); "deliver outside"
 * lets them through (to an injected sender: nothing leaves the machine); a delivery resends.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm } from './callbacks-http';
import type { ResolvedAddress } from './callbacks-target';
import { checkDestination, isLoopbackAddress } from './callbacks-target';
import { startSandbox, type SandboxHandle } from '../index';
import { vodCaller } from '../testing/vod-test-caller';

interface Hit {
  path: string;
  form: Record<string, string>;
}
interface Delivery {
  id: number;
  kind: string;
  url: string;
  status: string;
  payload: Record<string, string>;
  attempts: { attempt: number; outcome: string; http_status: number | null; error: string }[];
}

const hits: Hit[] = [];
const resolved: string[] = [];
const sent: { url: string; address: string }[] = [];
const names: Record<string, ResolvedAddress[]> = {
  'hooks.example.com': [{ address: '192.0.2.10', family: 4 }],
  'mixed.localhost': [
    { address: '127.0.0.1', family: 4 },
    { address: '198.51.100.7', family: 4 },
  ],
};
let receiver: http.Server;
let base: string;
let sandbox: SandboxHandle;
let vod: ReturnType<typeof vodCaller>;

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      hits.push({ path: request.url ?? '', form: Object.fromEntries(new URLSearchParams(body)) });
      response.writeHead(200).end('ok');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const port = (receiver.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  names.localhost = [{ address: '127.0.0.1', family: 4 }];
  sandbox = await startSandbox({
    rateLimit: false,
    seed: 3,
    startAt: new Date('2025-06-01T12:00:00Z'),
    callbackPolicy: {
      resolver: (hostname) => {
        resolved.push(hostname);
        const found = names[hostname];
        return found ? Promise.resolve(found) : Promise.reject(new Error('unknown name'));
      },
      // Loopback targets go to the real postForm; anything else is only recorded.
      send: (target, address, form, timeouts) => {
        if (isLoopbackAddress(address.address)) return postForm(target, address, form, timeouts);
        sent.push({ url: target.href, address: address.address });
        return Promise.resolve({ httpStatus: 200, failure: null });
      },
    },
  });
  // The platform's time stands still here (only `advance` moves it): the payloads carry the
  // second of the action (`localtime`, `occurred_at`), which the assertions read back from the
  // clock afterwards. Running at real speed, a second could tick between the action and the
  // assertion under load.
  sandbox.clock.pause();
  vod = vodCaller(sandbox.info);
});

afterAll(async () => {
  await sandbox.close();
  receiver.closeAllConnections();
  receiver.close();
});

const origin = () => new URL(sandbox.info.live_base_url).origin;
const live = () =>
  `${sandbox.info.live_base_url}/v1/live/service-accounts/${sandbox.info.service_account_key}`;

async function liveCall(method: string, path: string, form?: Record<string, string>) {
  const response = await fetch(`${live()}${path}`, {
    method,
    headers: { Authorization: `Bearer ${sandbox.info.tokens.super_admin}` },
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
  return { status: response.status, body: (await response.json()) as { data: unknown } };
}

async function control<T>(method: string, path: string, body?: object): Promise<T> {
  const response = await fetch(`${origin()}/__sandbox${path}`, {
    method,
    ...(body
      ? { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }
      : {}),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${response.status} ${text}`);
  return JSON.parse(text) as T;
}

async function deliveries(): Promise<Delivery[]> {
  return (await control<{ deliveries: Delivery[] }>('GET', '/callbacks/deliveries')).deliveries;
}

/** Settles the engine and answers the hits to `path` since `from`. */
async function hitsAt(path: string, from = 0): Promise<Hit[]> {
  await sandbox.callbacks.settle();
  return hits.slice(from).filter((hit) => hit.path === path);
}

interface VodSetup {
  channelKey: string;
  uploadFileKey: string;
}

async function vodSetup(): Promise<VodSetup> {
  const channels = await vod<{ data: { key: string }[] }>('GET', '/channels?per_page=100');
  const contents = await vod<{ data: { upload_file_key: string; title: string }[] }>(
    'GET',
    '/media-contents?per_page=100',
  );
  const content = contents.body.data.find((item) => item.title === 'Backstage Tour with the Crew');
  const channel = channels.body.data[0];
  if (content === undefined || channel === undefined) throw new Error('seed changed');
  return { channelKey: channel.key, uploadFileKey: content.upload_file_key };
}

describe('every callback kind reaches a loopback receiver after its action', () => {
  it('live: playback while on air, then the broadcast state when it stops', async () => {
    const list = await liveCall('GET', '/broadcasts?is_onair=1&per_page=100');
    const broadcast = (
      list.body.data as { key: string; channel_key: string; is_onair: boolean }[]
    ).find((item) => item.is_onair);
    if (broadcast === undefined) throw new Error('no broadcast on air in the seed');
    const set = await liveCall('PUT', `/channels/${broadcast.channel_key}/callback`, {
      live_callback_url: `${base}/live`,
      file_transfer_callback_url: `${base}/file`,
      playback_callback_url: `${base}/play`,
    });
    expect(set.status).toBe(200);
    const from = hits.length;
    const played = await control<{ delivery_id: number | null }>(
      'POST',
      `/live/channels/${broadcast.channel_key}/play`,
      { client_user_id: 'viewer-7', device_name: 'Galaxy S24' },
    );
    expect(played.delivery_id).not.toBeNull();
    const [play] = await hitsAt('/play', from);
    expect(play?.form).toEqual({
      kind: '100',
      channel_key: broadcast.channel_key,
      media_content_key: broadcast.key,
      client_user_id: 'viewer-7',
      player_id: 'sandbox-player',
      hardware_id: 'sandbox-hardware',
      device_name: 'Galaxy S24',
      uservalues: '{}',
      localtime: String(Math.floor(sandbox.clock.nowMs() / 1000)),
    });
    await control('POST', `/broadcasts/${broadcast.key}/stop`);
    const [stop] = await hitsAt('/live', from);
    expect(stop?.form).toMatchObject({
      event: 'stop',
      channel_key: broadcast.channel_key,
      broadcast_key: broadcast.key,
    });
    expect(stop?.form.occurred_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    // Off air: a viewer has nothing to play.
    const response = await fetch(
      `${origin()}/__sandbox/live/channels/${broadcast.channel_key}/play`,
      { method: 'POST' },
    );
    expect(response.status).toBe(422);
  });

  it('VOD: added, playback, PC and mobile downloads, AI script completion, deleted', async () => {
    const { channelKey, uploadFileKey } = await vodSetup();
    await vod('PUT', `/channels/${channelKey}/callback`, {
      form: { callback_url: `${base}/vod`, use_pingback: '1' },
    });
    await vod('PUT', `/channels/${channelKey}/download-callback`, {
      form: { download_callback_url: `${base}/download` },
    });
    await vod('DELETE', `/channels/${channelKey}/media-contents/${uploadFileKey}/detach`);
    const from = hits.length;
    expect(
      (await vod('POST', `/channels/${channelKey}/media-contents/${uploadFileKey}/attach`)).status,
    ).toBe(204);
    const [added] = await hitsAt('/vod', from);
    expect(added?.form).toMatchObject({
      event: 'added',
      channel_key: channelKey,
      upload_file_key: uploadFileKey,
    });
    const mediaContentKey = added?.form.media_content_key ?? '';
    expect(mediaContentKey).toMatch(/^[A-Za-z0-9]{8}$/);
    const viewer = `/vod/channels/${channelKey}/media-contents/${mediaContentKey}`;

    await control('POST', `${viewer}/play`, { client_user_id: 'member-1' });
    await control('POST', `${viewer}/download`, { device: 'pc' });
    await control('POST', `${viewer}/download`, { device: 'mobile', client_user_id: 'member-2' });
    const vodHits = await hitsAt('/vod', from);
    expect(vodHits[1]?.form).toEqual({
      channel_key: channelKey,
      upload_file_key: uploadFileKey,
      media_content_key: mediaContentKey,
      client_user_id: 'member-1',
      occurred_at: String(Math.floor(sandbox.clock.nowMs() / 1000)),
    });
    const downloads = await hitsAt('/download', from);
    expect(downloads.map((hit) => [hit.form.device, hit.form.client_user_id])).toEqual([
      ['pc', 'sandbox-viewer'],
      ['mobile', 'member-2'],
    ]);
    expect(downloads[0]?.form.media_content_key).toBe(mediaContentKey);

    expect((await vod('POST', `/media-contents/${uploadFileKey}/ai-scripts`)).status).toBe(204);
    expect((await hitsAt('/vod', from)).length).toBe(2);
    sandbox.clock.advance(10 * 60_000 + 1000);
    const afterAi = await hitsAt('/vod', from);
    expect(afterAi[2]?.form).toMatchObject({
      event: 'completed',
      channel_key: channelKey,
      upload_file_key: uploadFileKey,
      media_content_key: mediaContentKey,
    });

    await vod('DELETE', `/channels/${channelKey}/media-contents/${uploadFileKey}/detach`);
    const afterDetach = await hitsAt('/vod', from);
    expect(afterDetach[3]?.form).toMatchObject({ event: 'deleted', channel_key: channelKey });

    const kinds = (await deliveries()).map((item) => item.kind);
    for (const kind of ['vod.content', 'vod.playback', 'vod.download', 'vod.ai_script'])
      expect(kinds).toContain(kind);
  });

  it('no playback callback when the channel has use_pingback off', async () => {
    const { channelKey, uploadFileKey } = await vodSetup();
    await vod('PUT', `/channels/${channelKey}/callback`, {
      form: { callback_url: `${base}/vod`, use_pingback: '0' },
    });
    const from = hits.length;
    await vod('POST', `/channels/${channelKey}/media-contents/${uploadFileKey}/attach`);
    const [added] = await hitsAt('/vod', from);
    const key = added?.form.media_content_key ?? '';
    const played = await control<{ delivery_id: number | null }>(
      'POST',
      `/vod/channels/${channelKey}/media-contents/${key}/play`,
    );
    expect(played.delivery_id).toBeNull();
    expect(await hitsAt('/vod', from)).toHaveLength(1);
    await vod('DELETE', `/channels/${channelKey}/media-contents/${uploadFileKey}/detach`);
  });
});

describe('loopback only unless "deliver outside this machine" is on', () => {
  it('classifies without connecting: loopback addresses and names, others refused', async () => {
    const resolver = (hostname: string) =>
      Promise.resolve(names[hostname] ?? [{ address: '203.0.113.1', family: 4 }]);
    expect(isLoopbackAddress('127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('127.255.3.4')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('::ffff:127.0.0.9')).toBe(true);
    expect(isLoopbackAddress('128.0.0.1')).toBe(false);
    expect(isLoopbackAddress('::ffff:192.0.2.1')).toBe(false);
    expect(isLoopbackAddress('10.0.0.1')).toBe(false);
    expect((await checkDestination('http://127.0.0.1:9/x', false, resolver)).allowed).toBe(true);
    expect((await checkDestination('http://[::1]:9/x', false, resolver)).allowed).toBe(true);
    expect((await checkDestination('http://localhost:9/x', false, resolver)).allowed).toBe(true);
    const literal = await checkDestination('http://192.0.2.1/', false, resolver);
    expect(literal).toMatchObject({ allowed: false });
    expect(!literal.allowed && literal.reason).toMatch(/192\.0\.2\.1 is outside this machine/);
    const mixed = await checkDestination('https://mixed.localhost/hook', false, resolver);
    expect(!mixed.allowed && mixed.reason).toMatch(/198\.51\.100\.7/);
    // Other names are not even looked up while delivery stays on this machine.
    const asked: string[] = [];
    const recording = (hostname: string) => {
      asked.push(hostname);
      return resolver(hostname);
    };
    const named = await checkDestination('http://hooks.example.com/x', false, recording);
    expect(!named.allowed && named.reason).toMatch(/does not look other names up/);
    expect(asked).toEqual([]);
    expect(await checkDestination('http://hooks.example.com/x', true, recording)).toMatchObject({
      allowed: true,
      address: { address: '192.0.2.10' },
    });
    expect(asked).toEqual(['hooks.example.com']);
    expect((await checkDestination('ftp://127.0.0.1/', true, resolver)).allowed).toBe(false);
    expect((await checkDestination('http://192.0.2.1/', true, resolver)).allowed).toBe(true);
  });

  it('refuses and logs deliveries to an address or a name outside, without any connection', async () => {
    const { channelKey, uploadFileKey } = await vodSetup();
    resolved.length = 0;
    for (const url of ['http://192.0.2.1/hook', 'http://hooks.example.com/hook']) {
      await vod('PUT', `/channels/${channelKey}/callback`, {
        form: { callback_url: url, use_pingback: '0' },
      });
      await vod('POST', `/channels/${channelKey}/media-contents/${uploadFileKey}/attach`);
      await vod('DELETE', `/channels/${channelKey}/media-contents/${uploadFileKey}/detach`);
    }
    await sandbox.callbacks.settle();
    expect(sent).toEqual([]);
    // Neither the address nor the name was looked up (a lookup would leave the machine).
    expect(resolved).toEqual([]);
    const refused = (await deliveries()).filter((item) => item.status === 'refused');
    expect(refused.map((item) => item.url)).toEqual([
      'http://hooks.example.com/hook',
      'http://hooks.example.com/hook',
      'http://192.0.2.1/hook',
      'http://192.0.2.1/hook',
    ]);
    expect(refused[0]?.attempts).toEqual([
      {
        attempt: 1,
        at: expect.stringMatching(/\+00:00$/) as unknown,
        outcome: 'refused',
        http_status: null,
        error: expect.stringMatching(
          /hooks\.example\.com is not an address on this machine/,
        ) as unknown,
      },
    ]);
    // Not retried.
    sandbox.clock.advance(6 * 60_000);
    await sandbox.callbacks.settle();
    expect((await deliveries()).find((item) => item.id === refused[0]?.id)?.attempts).toHaveLength(
      1,
    );
  });

  it('with "deliver outside" on, a refused delivery resent goes out; off again, refused', async () => {
    const refused = (await deliveries()).find((item) => item.status === 'refused');
    if (refused === undefined) throw new Error('the previous test left no refused delivery');
    expect(await control('POST', '/callbacks/settings', { deliver_outside: true })).toEqual({
      deliver_outside: true,
    });
    const resent = await control<{ data: Delivery }>(
      'POST',
      `/callbacks/deliveries/${refused.id}/resend`,
    );
    expect(resent.data.id).toBe(refused.id);
    await sandbox.callbacks.settle();
    expect(sent).toEqual([{ url: refused.url, address: expect.any(String) as unknown }]);
    const after = (await deliveries()).find((item) => item.id === refused.id);
    expect(after?.status).toBe('delivered');
    expect(after?.attempts.map((item) => [item.attempt, item.outcome])).toEqual([
      [1, 'refused'],
      [2, 'delivered'],
    ]);
    await control('POST', '/callbacks/settings', { deliver_outside: false });
    await control('POST', `/callbacks/deliveries/${refused.id}/resend`);
    await sandbox.callbacks.settle();
    expect(sent).toHaveLength(1);
    expect((await deliveries()).find((item) => item.id === refused.id)?.status).toBe('refused');
  });

  it('resends a delivered callback: the receiver gets it again, attempt 2 is logged', async () => {
    const delivered = (await deliveries()).find(
      (item) => item.kind === 'vod.download' && item.status === 'delivered',
    );
    if (delivered === undefined) throw new Error('no delivered download callback');
    const from = hits.length;
    await control('POST', `/callbacks/deliveries/${delivered.id}/resend`);
    const again = await hitsAt('/download', from);
    expect(again.map((hit) => hit.form)).toEqual([delivered.payload]);
    const after = (await deliveries()).find((item) => item.id === delivered.id);
    expect(after?.attempts.map((item) => [item.attempt, item.http_status])).toEqual([
      [1, 200],
      [2, 200],
    ]);
    const unknown = await fetch(`${origin()}/__sandbox/callbacks/deliveries/99999/resend`, {
      method: 'POST',
    });
    expect(unknown.status).toBe(404);
  });
});
