/**
 * `npm run sandbox -- encoder <channel_key> live|off --url URL` (cli-encoder.ts), run against a
 * sandbox started here: it turns the channel's encoder on and off, reports refusals with exit
 * code 1 and bad arguments with 2, and never calls a host outside this machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEncoderArgs, runEncoderCli } from './cli-encoder';
import type { EncoderStatus, SandboxHandle } from '../index';
import { startSandbox } from '../index';

let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 2, rateLimit: false });
});
afterAll(async () => {
  await sandbox.close();
});

async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runEncoderCli(args, { out: (l) => out.push(l), err: (l) => err.push(l) }, env);
  return { code, out, err };
}

describe('sandbox encoder CLI', () => {
  it('puts a channel on air and takes it off, given the printed live_base_url', async () => {
    const channel = sandbox.encoders.list().find((item) => item.state === 'off');
    if (channel === undefined) throw new Error('the seed has no off-air encoder-fed channel');
    const url = sandbox.info.live_base_url;
    const on = await run([channel.channel_key, 'live', '--url', url]);
    expect(on.code).toBe(0);
    const status = JSON.parse(on.out[0] ?? '{}') as EncoderStatus;
    expect(status).toMatchObject({ channel_key: channel.channel_key, state: 'live' });
    expect(sandbox.encoders.status(channel.channel_key).broadcast_key).toBe(status.broadcast_key);
    const off = await run([channel.channel_key, 'off'], { ONAIR_SANDBOX_URL: url });
    expect(off.code).toBe(0);
    expect(JSON.parse(off.out[0] ?? '{}')).toMatchObject({ state: 'reconnecting' });
  });

  it('reports the refusal of an unknown channel with exit code 1', async () => {
    const result = await run(['nosuchchannel000', 'live', '--url', sandbox.info.live_base_url]);
    expect(result.code).toBe(1);
    expect(result.err[0]).toMatch(/^sandbox encoder: 404 /);
  });

  it('refuses bad arguments and hosts outside this machine with exit code 2', async () => {
    expect((await run(['abc', 'paused', '--url', 'http://127.0.0.1:1'])).code).toBe(2);
    expect((await run(['abc', 'live'])).err[0]).toContain('--url');
    expect(() => parseEncoderArgs(['abc', 'live', '--url', 'http://example.com'], {})).toThrow(
      /on this machine/,
    );
    expect(parseEncoderArgs(['abc', 'off', '--url', 'http://127.0.0.1:4010/live/api'], {})).toEqual(
      { url: 'http://127.0.0.1:4010/__sandbox/channels/abc/encoder', state: 'off' },
    );
  });
});
