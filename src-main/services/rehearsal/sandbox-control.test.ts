/**
 * The one sandbox-control client: never sends rehearsal traffic off this machine (a base URL
 * elsewhere is refused before any request, in the caller's words when it gives them), and
 * reaches the sandbox's controls at the origin of its live base URL, any status answered.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlatformError } from '../../platform/errors';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import { isLoopbackHost, sandboxControl } from './sandbox-control';

let sandbox: SandboxHandle;
beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, rateLimit: false });
});
afterEach(() => sandbox.close());

describe('the sandbox-control client', () => {
  it('refuses an origin not on this machine before asking anything', () => {
    const asked: string[] = [];
    const recording = (input: string | URL | Request) => {
      asked.push(input instanceof Request ? input.url : input.toString());
      return Promise.resolve(new Response('{}'));
    };
    for (const url of ['https://live.example.com/api', 'http://10.0.0.5:4010/', 'nonsense']) {
      expect(() => sandboxControl(url, { fetchImpl: recording })).toThrow(PlatformError);
      expect(() =>
        sandboxControl(url, { fetchImpl: recording, refuse: (origin) => new Error(origin) }),
      ).toThrow(url === 'nonsense' ? 'nonsense' : new URL(url).origin);
    }
    expect(asked).toEqual([]);
    expect(['127.0.0.1', '127.1.2.3', 'localhost', '[::1]', '::1'].every(isLoopbackHost)).toBe(
      true,
    );
    expect(
      ['10.0.0.1', '127.0.0.1.example.com', 'localhost.example.com'].some(isLoopbackHost),
    ).toBe(false);
  });

  it('reaches the sandbox’s controls and answers its refusals as they came', async () => {
    const control = sandboxControl(sandbox.info.live_base_url);
    expect(control.origin).toBe(new URL(sandbox.info.live_base_url).origin);
    const encoders = await control.send('/encoders');
    expect(encoders.ok).toBe(true);
    expect(Array.isArray((encoders.body as { data?: unknown }).data)).toBe(true);
    const refused = await control.send('/channels/no-such-channel/encoder', {
      method: 'POST',
      body: { state: 'live' },
    });
    expect(refused.ok).toBe(false);
    expect(refused.status).toBe(404);
  });
});
