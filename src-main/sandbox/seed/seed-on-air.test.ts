/**
 * `startSandbox({ onAir })`: exactly that many broadcasts on air, read through the live API's
 * account-wide list, each fed by a live encoder (so none ends by itself), more than the seed's
 * and fewer; an out-of-range count is refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index';
import { startSandbox } from '../index';
import type { WireBroadcast } from '../testing/test-support';
import { liveCaller } from '../testing/test-support';

let sandbox: SandboxHandle | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function onAirKeys(handle: SandboxHandle): Promise<string[]> {
  const answer = await liveCaller(handle.info, handle.info.tokens.super_admin).get<{
    data: WireBroadcast[];
  }>('/broadcasts?is_onair=1&per_page=100');
  expect(answer.status).toBe(200);
  return answer.body.data.map((item) => item.channel_key);
}

describe('startSandbox({ onAir })', () => {
  it('puts 16 broadcasts on air, each fed by a live encoder that keeps it there', async () => {
    sandbox = await startSandbox({
      rateLimit: false,
      onAir: 16,
      startAt: new Date('2026-05-04T09:00:00Z'),
    });
    const channels = await onAirKeys(sandbox);
    expect(new Set(channels).size).toBe(16);
    // Every one is fed by a live encoder but a scheduled channel's program playing now.
    const live = sandbox.encoders
      .list()
      .filter((item) => item.state === 'live')
      .map((item) => item.channel_key);
    expect(live.length).toBeGreaterThanOrEqual(15);
    expect(channels).toEqual(expect.arrayContaining(live));
    // An hour later (past any reconnect window) the encoder-fed ones are all still on air.
    sandbox.clock.advance(60 * 60_000);
    sandbox.encoders.runDue();
    expect(await onAirKeys(sandbox)).toEqual(expect.arrayContaining(live));
  });

  it('ends the seed’s extra broadcasts when fewer are asked for', async () => {
    sandbox = await startSandbox({ rateLimit: false, onAir: 1 });
    expect((await onAirKeys(sandbox)).length).toBe(1);
  });

  it('refuses a count out of range', async () => {
    await expect(startSandbox({ rateLimit: false, onAir: 65 })).rejects.toThrow(RangeError);
  });
});
