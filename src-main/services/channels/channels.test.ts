/**
 * The Channels view's commands against the sandbox platform: the list's filters, orders and
 * pages; create, edit and the state actions as the platform then holds them; refusals with
 * the platform's message (or ours, before anything is sent); a previewed batch run one call
 * at a time; the encoding profiles' rule; an administrator token's role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../../sandbox/index';
import type { ChannelRow } from '../../shared/channels-model';
import type { BatchProgress } from '../../shared/model';
import type { DeskCore } from '../app/desk-core';
import { commandCaller, startTestCore, type TestCore } from '../app/test-support';

let sandbox: SandboxHandle;
let core: DeskCore;
let rig: TestCore;
let group = '';

beforeAll(async () => {
  rig = await startTestCore({ seed: 7 });
  ({ sandbox, core } = rig);
  group = (await data('profiles.groups', {})).data[0]?.key ?? '';
});

afterAll(async () => {
  await rig.close();
});

const data = commandCaller(() => core, 'channels-test');

/** A channel as the platform holds it, read straight from the sandbox (past the app). */
async function heldChannel(
  key: string,
): Promise<{ status: number; data: Record<string, unknown> }> {
  const { info } = sandbox;
  const url = `${info.live_base_url}/v1/live/service-accounts/${info.service_account_key}/channels/${key}`;
  const response = await fetch(url, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${info.tokens.super_admin}` },
  });
  const body = (await response.json().catch(() => ({}))) as { data?: Record<string, unknown> };
  return { status: response.status, data: body.data ?? {} };
}

async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    return String(error);
  }
  throw new Error('expected a refusal');
}

/** Reads a batch's progress (`batches.progress`) until it is finished. */
async function finished(batchId: string): Promise<BatchProgress> {
  for (;;) {
    const progress = await data('batches.progress', { batchId });
    if (progress === null) throw new Error(`batch ${batchId} unknown`);
    if (progress.finished) return progress;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function rows(state: 'all' | 'enabled' | 'disabled' | 'trashed'): Promise<ChannelRow[]> {
  return (await data('channels.list', { state, perPage: 100 })).data.items;
}

describe('the channel list', () => {
  it('lists every type, the Trash apart, in the spec orders and in pages', async () => {
    const all = await rows('all');
    expect(new Set(all.map((row) => row.type))).toEqual(new Set(['live', 'scheduled']));
    expect(all.some((row) => row.trashed)).toBe(false);
    const trash = await rows('trashed');
    expect(trash.map((row) => row.title)).toEqual(['Product Launch 2023']);

    const byTitle = (await data('channels.list', { order: 'title_asc' })).data.items;
    const titles = byTitle.map((row) => row.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')));

    const first = await data('channels.list', { perPage: 3, page: 1 });
    const second = await data('channels.list', { perPage: 3, page: 2 });
    expect(first.data.lastPage).toBe(Math.ceil(all.length / 3));
    expect(second.data.items.map((row) => row.key)).toEqual(all.slice(3, 6).map((row) => row.key));
    expect(first.fetchedAt).toBeGreaterThan(0);
  });

  it('searches titles and customer codes', async () => {
    const found = (await data('channels.list', { keyword: 'stage' })).data.items;
    expect(found.map((row) => row.title).sort()).toEqual(['Backstage Cam', 'Main Stage']);
  });
});

describe('one channel from creation to permanent delete', () => {
  it('creates, edits, disables, enables, trashes, restores and deletes by its title', async () => {
    const created = await data('channels.create', {
      title: 'Night Desk',
      customerCode: 'night-1',
      viewerLimit: 300,
      shared: true,
      profileGroupKey: group,
      type: 'low_latency',
    });
    expect(created).toMatchObject({ type: 'low_latency', shared: true, viewerLimit: 300 });
    expect(created.rtmpPublishUrl).toMatch(/^rtmp:\/\//);

    const edited = await data('channels.update', {
      channelKey: created.key,
      changes: { title: 'Night Desk HD', useCaptureBlock: true },
    });
    expect(edited).toMatchObject({
      title: 'Night Desk HD',
      useCaptureBlock: true,
      viewerLimit: 300,
    });
    const held = (await heldChannel(created.key)).data;
    expect(held).toMatchObject({ title: 'Night Desk HD', use_capture_block: true });

    for (const [action, check] of [
      ['disable', { status: 'disabled' }],
      ['enable', { status: 'enabled' }],
      ['trash', { is_trashed: true }],
      ['restore', { is_trashed: false }],
    ] as const) {
      await data('channels.setState', { channelKey: created.key, action });
      expect((await heldChannel(created.key)).data).toMatchObject(check);
    }
    const twice = await refusal(() =>
      data('channels.setState', { channelKey: created.key, action: 'restore' }),
    );
    expect(twice).toContain('is not in the trash');

    const wrong = await refusal(() =>
      data('channels.delete', { channelKey: created.key, confirmTitle: 'Night Desk' }),
    );
    expect(wrong).toContain('Not deleted');
    expect((await heldChannel(created.key)).status).toBe(200);
    await data('channels.delete', { channelKey: created.key, confirmTitle: 'Night Desk HD' });
    expect((await heldChannel(created.key)).status).toBe(404);
  });

  it('refuses timeshift on low latency before sending, and shows the platform’s refusals', async () => {
    const before = (await rows('all')).length;
    const ours = await refusal(() =>
      data('channels.create', {
        title: 'LL shift',
        viewerLimit: 100,
        profileGroupKey: group,
        type: 'low_latency',
        useTimeshift: true,
      }),
    );
    expect(ours).toContain('Low latency live takes no timeshift');
    const theirs = await refusal(() =>
      data('channels.create', { title: 'Too many', viewerLimit: 999_999, profileGroupKey: group }),
    );
    expect(theirs).toContain("must not exceed the contract's");
    expect((await rows('all')).length).toBe(before);
  });
});

describe('after a 429', () => {
  it('rereads before sending a state change again, so it happens once', async () => {
    const [row] = (await rows('enabled')).filter((candidate) => candidate.type === 'live');
    if (!row) throw new Error('no enabled channel');
    // The change and the scheduler's pause: the write is refused once, then re-read.
    sandbox.faults.update({ burst429: 1, retryAfterS: 1 });
    const after = await data('channels.setState', { channelKey: row.key, action: 'disable' });
    expect(after.status).toBe('disabled');
    expect((await heldChannel(row.key)).data.status).toBe('disabled');
    await data('channels.setState', { channelKey: row.key, action: 'enable' });
  });
});

describe('a batch of channel actions', () => {
  it('plans only what the states allow, with its cost, and runs it one call at a time', async () => {
    const enabled = (await rows('enabled')).filter((row) => row.type === 'live').slice(0, 3);
    const disabled = (await rows('disabled'))[0];
    const selected = [...enabled, ...(disabled ? [disabled] : [])];
    const plan = await data('channels.planBatch', { action: 'disable', channels: selected });
    expect(plan.channels.map((channel) => channel.key)).toEqual(enabled.map((row) => row.key));
    expect(plan.skipped.length).toBe(disabled ? 1 : 0);
    expect(plan.calls).toBe(3);
    expect(plan.seconds).toBeCloseTo(3 * 0.005);

    const { batchId } = await data('channels.runBatch', {
      action: 'disable',
      channels: plan.channels,
    });
    const progress = await finished(batchId);
    expect(progress).toMatchObject({ done: 3, failed: 0, total: 3 });
    for (const row of enabled) {
      expect((await heldChannel(row.key)).data.status).toBe('disabled');
    }
    // Sent again, the first is refused by the platform and the batch stops there.
    const again = await data('channels.runBatch', { action: 'disable', channels: plan.channels });
    const stopped = await finished(again.batchId);
    expect(stopped).toMatchObject({ done: 0, failed: 1 });
    expect(stopped.lastError).toContain('is already disabled');
  });
});

describe('encoding profiles and the role', () => {
  it('reads every group and screen type, and keeps at least one active', async () => {
    const overview = (await data('profiles.overview', {})).data;
    expect(overview.activeCount).toBe(3);
    const first = overview.groups[0];
    expect(first?.portrait.every((profile) => profile.screenType === 'portrait')).toBe(true);
    const active = first?.landscape.find((profile) => profile.active);
    const inactive = first?.landscape.find((profile) => !profile.active);
    if (!first || !active || !inactive) throw new Error('seed profiles changed');
    const full = await refusal(() =>
      data('profiles.attach', { groupKey: first.key, profileId: inactive.id }),
    );
    expect(full).toContain('At most 3 encoding profiles');
    await data('profiles.detach', { groupKey: first.key, profileId: active.id });
    await data('profiles.attach', { groupKey: first.key, profileId: inactive.id });
    const after = (await data('profiles.overview', {})).data.groups[0]?.landscape;
    expect(after?.find((profile) => profile.id === inactive.id)?.active).toBe(true);
    expect(after?.find((profile) => profile.id === active.id)?.active).toBe(false);
  });

  it('knows a super administrator by the contract it can read', async () => {
    const access = await data('channels.access', {});
    expect(access.role).toBe('super_admin');
    expect(access.contract?.channelLimit).toBe(20);
  });
});
