/**
 * What the sandbox serves behind its download URLs: a recording as a small generated MP4
 * with ranges (206, 416), the same bytes on every answer, a server that cannot resume when
 * asked to, and recording files gone once 7 days old (a guide fact).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../index';

let sandbox: SandboxHandle;
let base: string;
let origin: string;
const auth = () => ({ Authorization: `Bearer ${sandbox.info.tokens.super_admin}` });

interface WireFile {
  id: number;
  channel_key: string;
  broadcast_key: string;
  started_at: string;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 3, rateLimit: false });
  base = `${sandbox.info.live_base_url}/v1/live/service-accounts/${sandbox.info.service_account_key}`;
  origin = new URL(sandbox.info.live_base_url).origin;
});
afterAll(() => sandbox.close());

async function files(): Promise<{ data: WireFile[]; meta: { total: number } }> {
  return (await (
    await fetch(`${base}/recording-files?per_page=100`, { headers: auth() })
  ).json()) as {
    data: WireFile[];
    meta: { total: number };
  };
}

async function linkOf(file: WireFile): Promise<Response> {
  return fetch(
    `${base}/channels/${file.channel_key}/broadcasts/${file.broadcast_key}/recording-files/${file.id}/download`,
    { headers: auth() },
  );
}

describe('sandbox downloads', () => {
  it('serves a recording as an MP4 with ranges', async () => {
    const [file] = (await files()).data;
    if (file === undefined) throw new Error('no recording file');
    const { data } = (await (await linkOf(file)).json()) as { data: { download_url: string } };
    const whole = await fetch(data.download_url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.subarray(4, 12).toString('latin1')).toBe('ftypisom');

    const tail = await fetch(data.download_url, { headers: { Range: 'bytes=1000-' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(
      `bytes 1000-${bytes.length - 1}/${bytes.length}`,
    );
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(1000))).toBe(true);

    const past = await fetch(data.download_url, { headers: { Range: `bytes=${bytes.length}-` } });
    expect(past.status).toBe(416);

    await fetch(`${origin}/__sandbox/downloads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ranges: false }),
    });
    const ignored = await fetch(data.download_url, { headers: { Range: 'bytes=1000-' } });
    expect(ignored.status).toBe(200);
    expect(ignored.headers.get('accept-ranges')).toBeNull();
    await fetch(`${origin}/__sandbox/downloads`, { method: 'DELETE' });
  });

  it('forgets recording files 7 days after their broadcast began', async () => {
    const before = await files();
    const oldest = before.data.reduce((a, b) => (a.started_at < b.started_at ? a : b));
    const ageMs = sandbox.clock.nowMs() - Date.parse(oldest.started_at);
    sandbox.clock.advance(7 * 86_400_000 - ageMs + 1000);
    const after = await files();
    expect(after.data.map((file) => file.id)).not.toContain(oldest.id);
    expect(after.meta.total).toBeLessThan(before.meta.total);
    expect((await linkOf(oldest)).status).toBe(404);
  });

  it('keeps a recording download link, bytes and all, across a restart with --state', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'h2-sandbox-state-'));
    const file = join(folder, 'state.json');
    const first = await startSandbox({ port: 0, rateLimit: false, stateFile: file });
    const firstBase = `${first.info.live_base_url}/v1/live/service-accounts/${first.info.service_account_key}`;
    const headers = { Authorization: `Bearer ${first.info.tokens.super_admin}` };
    const list = (await (await fetch(`${firstBase}/recording-files`, { headers })).json()) as {
      data: WireFile[];
    };
    const recording = list.data[0];
    if (recording === undefined) throw new Error('no recording file');
    const link = (await (
      await fetch(
        `${firstBase}/channels/${recording.channel_key}/broadcasts/${recording.broadcast_key}/recording-files/${recording.id}/download`,
        { headers },
      )
    ).json()) as { data: { download_url: string } };
    const bytes = Buffer.from(await (await fetch(link.data.download_url)).arrayBuffer());
    const port = new URL(first.info.live_base_url).port;
    await first.close();
    const second = await startSandbox({ port: Number(port), rateLimit: false, stateFile: file });
    try {
      const again = Buffer.from(await (await fetch(link.data.download_url)).arrayBuffer());
      expect(again.equals(bytes)).toBe(true);
    } finally {
      await second.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
