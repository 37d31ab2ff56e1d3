/**
 * No change command is lost for budget (docs/dev/architecture.md, "The API budget"): against the
 * sandbox platform answering an injected 429 burst, a change command whose write is refused is
 * sent again after the platform's pause, ends ok, and the platform holds its effect once (a 429 is
 * a refusal before acting: docs/platform-facts.md, "Rate limit"). The control room's re-read and
 * `withRecheck` keep deciding themselves (control-room.test.ts, channels.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../../sandbox/index';
import type { DeskCore } from '../app/desk-core';
import { commandCaller, startTestCore, type TestCore } from '../app/test-support';

let rig: TestCore;
let sandbox: SandboxHandle;
let core: DeskCore;
/** Every write the core's sandbox workspace sent, as `METHOD path status`. */
const writes: string[] = [];
/** Every call the core's sandbox workspace sent, reads too, as `METHOD path status`. */
const calls: string[] = [];
const data = commandCaller(() => core, 'budget-resend-test');

beforeAll(async () => {
  rig = await startTestCore({
    seed: 5,
    sandboxFetch: async (request) => {
      const { method } = request;
      const path = new URL(request.url).pathname;
      const response = await fetch(request);
      if (method !== 'GET') writes.push(`${method} ${path} ${response.status}`);
      calls.push(`${method} ${path} ${response.status}`);
      return response;
    },
  });
  ({ sandbox, core } = rig);
});

afterAll(async () => {
  await rig.close();
});

/** The writes sent to paths ending with `tail`, as `METHOD status`. */
function sentTo(tail: string): string[] {
  return writes
    .filter((line) => line.split(' ')[1]?.endsWith(tail))
    .map((line) => `${line.split(' ')[0]} ${line.split(' ')[2]}`);
}

describe('a command refused for budget', () => {
  it('creates a library category once, after two 429s', async () => {
    writes.length = 0;
    sandbox.faults.update({ burst429: 2, retryAfterS: 1 });
    const made = await data('category.create', { name: 'After the budget' });
    expect(made.name).toBe('After the budget');
    expect(sentTo('/categories')).toEqual(['POST 429', 'POST 429', 'POST 200']);
    const tree = await data('category.list', {});
    expect(tree.data.filter((category) => category.name === 'After the budget')).toHaveLength(1);
  });

  it('adds a channel creator once, after a 429 (live API)', async () => {
    const channels = await data('channels.list', { perPage: 100 });
    const channelKey = String(
      channels.data.items.find((channel) => channel.title === 'Campus Lecture Hall')?.key,
    );
    const before = (await data('channelAdmin.creators', { channelKey })).data.total;
    writes.length = 0;
    sandbox.faults.update({ burst429: 1, retryAfterS: 1 });
    const added = await data('channelAdmin.createCreator', { channelKey, nickname: 'after_429' });
    expect(added.nickname).toBe('after_429');
    expect(sentTo('/creators')).toEqual(['POST 429', 'POST 200']);
    const after = await data('channelAdmin.creators', { channelKey });
    expect(after.data.total).toBe(before + 1);
  });

  it('renames a category after more 429s than the Library’s own single resend', async () => {
    const made = await data('category.create', { name: 'Before rename' });
    writes.length = 0;
    sandbox.faults.update({ burst429: 3, retryAfterS: 1 });
    const renamed = await data('category.rename', { categoryKey: made.key, name: 'Renamed' });
    expect(renamed.name).toBe('Renamed');
    expect(sentTo(`/categories/${made.key}`)).toEqual(['PUT 429', 'PUT 429', 'PUT 429', 'PUT 200']);
  });

  it('sends a read that posts (service encrypt) again after a 429, not answering the 429', async () => {
    writes.length = 0;
    sandbox.faults.update({ burst429: 1, retryAfterS: 1 });
    const answer = await data('vodTool.encrypt', { plaintext: 'after the pause' });
    expect(answer.encryptedText.length).toBeGreaterThan(0);
    expect(sentTo('/media/service-encrypt')).toEqual(['POST 429', 'POST 200']);
  });

  it('leaves the control room to re-read its cue point before sending it again', async () => {
    const channels = await data('channels.list', { perPage: 100 });
    let broadcastKey = '';
    for (const channel of channels.data.items.filter((c) => c.onAir && c.type !== 'scheduled')) {
      const key = channel.latestBroadcast?.key;
      if (!key) continue;
      const read = await data('broadcast.get', { broadcastKey: key });
      if (read.data.useTimeshift) {
        broadcastKey = key;
        break;
      }
    }
    if (!broadcastKey) throw new Error('the seed has no on-air broadcast with timeshift');
    calls.length = 0;
    sandbox.faults.update({ burst429: 1, retryAfterS: 1 });
    const set = await data('broadcast.setCuePoint', { broadcastKey });
    expect(set.data.cuePointAt).not.toBeNull();
    const onIt = calls
      .filter((line) => line.split(' ')[1]?.includes(`/broadcasts/${broadcastKey}`))
      .map((line) => `${line.split(' ')[0]} ${line.split(' ')[2]}`);
    // Not resent underneath: the refused PUT comes back to the control room, which re-reads.
    expect(onIt).toEqual(['PUT 429', 'GET 200', 'PUT 200']);
  });

  it('leaves withRecheck to re-read a channel before sending its state change again', async () => {
    const enabled = await data('channels.list', { state: 'enabled', perPage: 100 });
    const row = enabled.data.items.find((candidate) => candidate.type === 'live');
    if (!row) throw new Error('no enabled live channel');
    calls.length = 0;
    sandbox.faults.update({ burst429: 1, retryAfterS: 1 });
    const after = await data('channels.setState', { channelKey: row.key, action: 'disable' });
    expect(after.status).toBe('disabled');
    const onIt = calls
      .filter((line) => line.split(' ')[1]?.includes(`/channels/${row.key}`))
      .map((line) => `${line.split(' ')[0]} ${line.split(' ')[2]}`);
    // One recheck, then one resend (services/core/recheck.ts), not a resend underneath.
    expect(onIt).toEqual(['PUT 429', 'GET 200', 'PUT 200']);
    await data('channels.setState', { channelKey: row.key, action: 'enable' });
  });
});
