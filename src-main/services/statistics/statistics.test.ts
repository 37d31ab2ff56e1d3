/**
 * The Statistics view's reads against the sandbox platform: what the operator would see
 * (curves, summaries, chat, VOD rank and summaries) equals what the platform answers a second
 * client, inclusive day pickers become the live API's `[start, end)` periods, the platform's
 * refusals arrive with its own message, and a VOD range beyond the spec's limits is refused
 * with nothing sent.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/clock';
import { PlatformError } from '../../platform/errors';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import { addDays, utcDay, vodIncompleteDays, vodWindow } from '../../shared/statistics-limits';
import { startSession, type Session } from '../app/session';
import { openSandboxWorkspace, type Workspace } from '../workspaces/workspace';
import * as live from './statistics-live';
import * as vod from './statistics-vod';

let sandbox: SandboxHandle;
let workspace: Workspace;
let session: Session;
let dataDir: string;
/** Paths the workspace sent, in order. */
const sent: string[] = [];

beforeAll(async () => {
  // A fixed instant, late in a UTC day, that stands still: no figure of this file depends on
  // the wall clock.
  sandbox = await startSandbox({
    port: 0,
    seed: 3,
    rateLimit: false,
    startAt: new Date('2026-03-14T21:40:00Z'),
  });
  // The platform's time stands still (only `advance` moves it): the open 10-minute bucket's
  // viewers grow as its time runs, so a running clock let the app's read and the second
  // client's differ by a viewer on a loaded machine (seen on CI).
  sandbox.clock.pause();
  workspace = await openSandboxWorkspace({
    sandboxInfo: sandbox.info,
    pacing: { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0, limitPerMinute: 10_000 },
    fetch: (request) => {
      sent.push(new URL(request.url).pathname);
      return fetch(request);
    },
  });
  dataDir = await mkdtemp(join(tmpdir(), 'onair-statistics-'));
  session = startSession(
    workspace,
    () => undefined,
    // The app reads the platform's time, as it would on a workstation whose clock is right.
    { ...systemClock, now: () => sandbox.clock.nowMs() },
    () => undefined,
    {
      dataDir,
      notify: () => undefined,
    },
  );
});

afterAll(async () => {
  await session.dispose();
  await workspace.dispose();
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** GET as a second client of the live API (super administrator). */
async function liveGet<T>(path: string): Promise<T> {
  const response = await fetch(`${sandbox.info.live_base_url}${path}`, {
    headers: { Authorization: `Bearer ${sandbox.info.tokens.super_admin}` },
  });
  return (await response.json()) as T;
}

/** GET as a second client of the VOD API. */
async function vodGet<T>(path: string, query: Record<string, string>): Promise<T> {
  const url = new URL(`${sandbox.info.vod_base_url}${path}`);
  for (const [k, v] of Object.entries({ ...query, access_token: sandbox.info.vod_access_token }))
    url.searchParams.set(k, v);
  return (await (await fetch(url)).json()) as T;
}

const sa = () => sandbox.info.service_account_key;
const today = () => utcDay(sandbox.clock.nowMs());

async function mainStage(): Promise<{ key: string; onAir: string; ended: string }> {
  const channels = await liveGet<{ data: { key: string; title: string }[] }>(
    `/v1/live/service-accounts/${sa()}/channels?per_page=100`,
  );
  const key = channels.data.find((c) => c.title === 'Main Stage')?.key ?? '';
  const list = await live.channelBroadcasts(session.account, 'view', key);
  return {
    key,
    onAir: list.find((b) => b.onAir)?.key ?? '',
    ended: list.find((b) => !b.onAir && b.endedAt)?.key ?? '',
  };
}

async function refusal(promise: Promise<unknown>): Promise<PlatformError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

describe('live statistics', () => {
  it('reads a channel’s viewer curve of a UTC day as the platform has it', async () => {
    const { key } = await mainStage();
    const curve = await live.viewerCurve(
      session.account,
      'view',
      { scope: 'channel', channelKey: key },
      today(),
      10,
    );
    const platform = await liveGet<{ data: { started_at: string; viewer_count: number }[] }>(
      `/v1/live/service-accounts/${sa()}/channels/${key}/statistics/viewer/10min-during-a-day?start_date=${today()}`,
    );
    expect(curve.data).toEqual(
      platform.data.map((p) => ({ startedAt: p.started_at, viewers: p.viewer_count })),
    );
    expect(curve.data.some((b) => b.viewers > 0)).toBe(true);
  });

  it('asks a period of whole days, the last one included', async () => {
    const day = addDays(today(), -1);
    const daily = await live.daily(session.account, 'view', day, day);
    expect(daily.data.map((d) => d.date)).toEqual([day]);
    const chat = await live.chat(session.account, 'view', 'hour', day, day);
    expect(chat.data).toHaveLength(24);
    expect(chat.data[0]?.startedAt.slice(0, 10)).toBe(day);
  });

  it('answers the platform’s refusal of an on-air broadcast’s summary with its own message', async () => {
    const { onAir, ended } = await mainStage();
    const error = await refusal(
      live.summary(
        session.account,
        'view',
        { scope: 'broadcast', broadcastKey: onAir },
        today(),
        today(),
      ),
    );
    expect(error.error.status).toBe(422);
    expect(error.error.message).toMatch(/still on air/);
    const summary = await live.summary(
      session.account,
      'view',
      { scope: 'broadcast', broadcastKey: ended },
      today(),
      today(),
    );
    expect(summary.data.broadcasts).toBe(1);
    expect(summary.data.peakViewers).toBeGreaterThan(0);
  });

  it('passes on the platform’s refusal of a period too long, and refuses a reversed one itself', async () => {
    const error = await refusal(
      live.daily(session.account, 'view', addDays(today(), -200), today()),
    );
    expect(error.error.status).toBe(422);
    const before = sent.length;
    const reversed = await refusal(
      live.chat(session.account, 'view', 'day', today(), addDays(today(), -1)),
    );
    expect(reversed.error.code).toBe('invalid-input');
    expect(sent.length).toBe(before);
  });
});

describe('VOD statistics', () => {
  it('ranks contents and sums days as the platform does, within the limits', async () => {
    const { complete: latest } = vodWindow(sandbox.clock.nowMs());
    const from = addDays(latest, -6);
    const rank = await vod.contentRank(session.account, 'view', { limit: 5, from, to: latest });
    const platform = await vodGet<{ data: { upload_file_key: string }[] }>(
      '/statistics/content-rank',
      { start_date: from, end_date: latest, limit: '5' },
    );
    expect(rank.data.map((r) => r.uploadFileKey)).toEqual(
      platform.data.map((r) => r.upload_file_key),
    );
    const days = await vod.vodDaily(session.account, 'view', from, latest);
    expect(days.data.map((d) => d.date)).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(from, i)),
    );
    const channels = await vod.channelTotals(session.account, 'view', from, latest);
    expect(channels.data.length).toBeGreaterThan(0);
  });

  it('refuses a range beyond the spec’s limits before sending anything', async () => {
    const { earliest, latest } = vodWindow(sandbox.clock.nowMs());
    const before = sent.length;
    const old = await refusal(
      vod.vodDaily(session.account, 'view', addDays(earliest, -1), earliest),
    );
    expect(old.error.code).toBe('invalid-input');
    expect(old.error.text?.key).toBe('statistics.limits.vodYear');
    const long = await refusal(
      vod.channelTotals(session.account, 'view', addDays(latest, -95), latest),
    );
    expect(long.error.text?.key).toBe('statistics.limits.vodMonths');
    const future = await refusal(
      vod.contentRank(session.account, 'view', { limit: 10, from: latest, to: addDays(latest, 1) }),
    );
    expect(future.error.text?.key).toBe('statistics.limits.vodFuture');
    expect(sent.length).toBe(before);
  });

  it('sends a range that ends within the 36-hour delay: today, the last 7 days', async () => {
    const nowMs = sandbox.clock.nowMs();
    const { latest, complete } = vodWindow(nowMs);
    expect(latest).toBe(utcDay(nowMs));
    const from = addDays(latest, -6);
    const before = sent.length;
    const days = await vod.vodDaily(session.account, 'view', from, latest);
    expect(sent.length).toBe(before + 1);
    // The platform answers every day asked, today included; the days after the last complete
    // one carry what has arrived so far (vodIncompleteDays marks them in the chart).
    expect(days.data.map((row) => row.date)).toEqual(
      Array.from({ length: 7 }, (_, index) => addDays(from, index)),
    );
    expect(vodIncompleteDays(from, latest, nowMs)[0]).toBe(addDays(complete, 1));
    const rank = await vod.contentRank(session.account, 'view', { limit: 5, from, to: latest });
    expect(rank.data.length).toBeGreaterThan(0);
  });
});

// Last: it moves the platform's clock on.
describe('live statistics readiness (spec, Limits: about 30 minutes after a broadcast ends)', () => {
  it('says when a just-ended broadcast’s statistics come, and reads them once they have', async () => {
    const { onAir } = await mainStage();
    const origin = new URL(sandbox.info.live_base_url).origin;
    await fetch(`${origin}/__sandbox/broadcasts/${onAir}/stop`, { method: 'POST' });
    const target = { scope: 'broadcast', broadcastKey: onAir } as const;
    const day = utcDay(sandbox.clock.now().getTime());
    const early = await refusal(live.viewerCurve(session.account, 'view', target, day, 5));
    expect(early.error.status).toBe(422);
    expect(early.error.message).toMatch(/not ready yet.*30 minutes/);
    sandbox.clock.advance(31 * 60_000);
    const curve = await live.viewerCurve(session.account, 'view', target, day, 5);
    expect(curve.data.some((b) => b.viewers > 0)).toBe(true);
    const summary = await live.summary(session.account, 'view', target, day, day);
    expect(summary.data.broadcasts).toBe(1);
  });
});
