/**
 * A command refused for budget by the platform's own rate limit (not an injected fault):
 * another client of the same account called just before, so the cue point lands within the
 * platform's 1 s spacing and gets a 429. The control room keeps it: it waits out
 * `Retry-After`, re-reads the broadcast and sends the cue point again (docs/dev/architecture.md,
 * "The API budget"). What went over the wire is read from the workspace's own network.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../platform/clock';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import type { CommandWaiting } from '../../shared/model';
import { accountContextOf } from '../core/account-context';
import { openSandboxWorkspace, type Workspace } from '../workspaces/workspace';
import { ControlRoom } from './control-room';

let sandbox: SandboxHandle;
let desk: Workspace;
/** The desk's calls: method, path, status, and when each left (epoch ms, the system clock). */
const sent: { method: string; path: string; status: number; at: number }[] = [];

beforeAll(async () => {
  // The platform's rate limit on: 60 calls a minute, 1 s apart, per service account.
  sandbox = await startSandbox({ port: 0, seed: 7 });
  desk = await openSandboxWorkspace({
    sandboxInfo: sandbox.info,
    fetch: async (request) => {
      const at = systemClock.now();
      const response = await fetch(request);
      sent.push({
        method: request.method,
        path: new URL(request.url).pathname,
        status: response.status,
        at,
      });
      return response;
    },
  });
});

afterAll(async () => {
  await desk.dispose();
  await sandbox.close();
});

it('keeps a cue point refused by the rate limit because another client just called', async () => {
  const waits: CommandWaiting[] = [];
  /** When each waiting event was told, epoch ms. */
  const toldAt: number[] = [];
  const room = new ControlRoom({
    account: accountContextOf(desk, systemClock, () => undefined),
    publish: () => undefined,
    waiting: (waiting) => {
      waits.push(waiting);
      toldAt.push(systemClock.now());
    },
  });
  const key = sandbox.info.service_account_key;
  const base = `${sandbox.info.live_base_url}/v1/live/service-accounts/${key}`;
  const auth = { Authorization: `Bearer ${sandbox.info.tokens.super_admin}` };
  // Find an on-air broadcast with timeshift as the other client (it spends the account too).
  const list = (await (await fetch(`${base}/channels?per_page=100`, { headers: auth })).json()) as {
    data: { latest_broadcast: { key?: string; is_onair?: boolean } }[];
  };
  let target: { key: string; cue_sign_at: string | null } | null = null;
  for (const channel of list.data) {
    const broadcastKey = channel.latest_broadcast.key;
    if (!broadcastKey || !channel.latest_broadcast.is_onair) continue;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const read = await fetch(`${base}/broadcasts/${broadcastKey}`, { headers: auth });
    const { data } = (await read.json()) as {
      data: { key: string; use_timeshift: boolean; cue_sign_at: string | null };
    };
    if (data.use_timeshift) {
      target = data;
      break;
    }
  }
  if (target === null) throw new Error('the seed has no on-air broadcast with timeshift');
  // The other client's call was just accepted: the desk's cue point comes within 1 s of it.
  const set = await room.setCuePoint(target.key);
  expect(set.data.cuePointAt).not.toBeNull();
  expect(set.data.cuePointAt).not.toBe(target.cue_sign_at);
  const wire = sent.filter((s) => s.path.includes(`/broadcasts/${target.key}`));
  const calls = wire.map((s) => `${s.method} ${s.status}`);
  expect(calls[0]).toBe('PUT 429');
  expect(calls.at(-2)).toBe('GET 200');
  expect(calls.at(-1)).toBe('PUT 200');
  // Told it waits (again for each refused try the re-read gave up on), then that it settled.
  expect(waits.at(-1)?.state).toBe('settled');
  expect(waits.slice(0, -1).map((w) => w.state)).toContain('waiting');
  expect(waits.slice(0, -1).every((w) => w.state === 'waiting')).toBe(true);
  // The operator is told when the next try really is: the command probes the slot 200 ms
  // after the refusal, well before the end of the whole 1 s `Retry-After`, and goes then.
  const retryAt = waits[0]?.retryAt ?? 0;
  expect(retryAt - (toldAt[0] ?? 0)).toBeLessThan(700);
  expect(wire[1]?.at ?? 0).toBeGreaterThanOrEqual(retryAt - 20);
  expect((wire[1]?.at ?? 0) - retryAt).toBeLessThan(400);
}, 30_000);
