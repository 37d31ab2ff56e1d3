/**
 * Workspaces as the operator makes them, through the core's commands against the sandbox
 * platform: a live account and a VOD account added as real accounts (tokens in the keychain
 * contract kept in memory), each a workspace of its own; paired into one; the pair surviving a
 * restart of the core; unpaired; and a removed account leaving its pair.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import type { SecretStore } from '../../secrets/keychain';
import type { AccountSummary, Notice, WorkspaceState } from '../../shared/model';
import { createDeskCore, type DeskCore } from '../app/desk-core';
import { commandCaller, memorySecrets } from '../app/test-support';
import { openSandboxWorkspace } from './workspace';
import { fastTuning, makeVideo, waitFor } from '../uploads/upload-test-support';

const pacing = { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0 };

describe('workspaces pair a live and a VOD account', () => {
  let sandbox: SandboxHandle;
  let dataDir: string;
  let secrets: SecretStore;
  let core: DeskCore;
  let live: AccountSummary;
  let vod: AccountSummary;
  const call = commandCaller(() => core, 'pairs-test');
  const start = () =>
    createDeskCore({
      dataDir,
      secrets,
      openSandbox: () => openSandboxWorkspace({ sandboxInfo: sandbox.info, pacing }),
      workspaceOptions: { pacing, fetch: seen },
      uploadTuning: fastTuning,
      log: () => undefined,
    });
  /** Every URL an account workspace asked the platform for. */
  const requested: string[] = [];
  const seen = (request: Request) => {
    requested.push(request.url);
    return fetch(request);
  };
  const kinds = (state: WorkspaceState) => state.choices.map((c) => `${c.kind}:${c.name}`);

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 5, rateLimit: false });
    dataDir = await mkdtemp(join(tmpdir(), 'onair-pairs-'));
    secrets = memorySecrets();
    core = await start();
    live = await call('account.add', {
      kind: 'live',
      name: 'Seoul live',
      baseUrl: sandbox.info.live_base_url,
      serviceAccountKey: sandbox.info.service_account_key,
      token: sandbox.issueToken(),
    });
    vod = await call('account.add', {
      kind: 'vod',
      name: 'Seoul VOD',
      baseUrl: sandbox.info.vod_base_url,
      token: sandbox.info.vod_access_token,
    });
  });

  afterAll(async () => {
    await core.dispose();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists a live-only and a VOD-only workspace; the VOD-only one has no live API', async () => {
    expect(kinds(await call('workspace.state', {}))).toEqual([
      'sandbox:Sandbox',
      'live:Seoul live',
      'vod:Seoul VOD',
    ]);
    const before = requested.length;
    const state = await call('workspace.switch', { id: vod.id });
    expect(state.active).toMatchObject({
      kind: 'vod',
      apis: { live: false, vod: true },
      accounts: { live: null, vod: vod.id },
    });
    expect(state.tokens).toEqual({ live: null, vod: 'accepted' });
    const channels = await core.invoke('channels.list', {}, { clientId: 'pairs-test' });
    expect(channels).toMatchObject({ ok: false, error: { code: 'api-missing' } });
    const categories = await call('category.list', {});
    expect(categories.data.length).toBeGreaterThan(0);
    expect((await call('budget.get', {})).map((b) => b.name)).toEqual(['vod']);
    // Refused before anything was sent: the VOD-only workspace never reached the live API.
    const sent = requested.slice(before);
    expect(sent.some((url) => url.startsWith(sandbox.info.vod_base_url))).toBe(true);
    expect(sent.filter((url) => url.startsWith(sandbox.info.live_base_url))).toEqual([]);
  });

  it('pairs them: one workspace with both APIs, the open VOD-only one becomes the pair', async () => {
    const state = await call('workspace.pair', { liveAccountId: live.id, vodAccountId: vod.id });
    expect(kinds(state)).toEqual(['sandbox:Sandbox', 'pair:Seoul live + Seoul VOD']);
    expect(state.active).toMatchObject({
      id: expect.stringMatching(/^pair-/) as string,
      kind: 'pair',
      apis: { live: true, vod: true },
      accounts: { live: live.id, vod: vod.id },
    });
    const channels = await call('channels.list', {});
    expect(channels.data.total).toBeGreaterThan(0);
    expect((await call('category.list', {})).data.length).toBeGreaterThan(0);
    // An account is in one pair at most.
    const again = await core.invoke(
      'workspace.pair',
      { liveAccountId: live.id, vodAccountId: vod.id },
      { clientId: 'pairs-test' },
    );
    expect(again).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const file = await readFile(join(dataDir, 'workspaces.json'), 'utf8');
    expect(file).not.toContain(sandbox.info.vod_access_token);
  });

  it('uploads a video to VOD on the pair, into the chosen category, as its VOD account', async () => {
    const [category] = (await call('category.list', {})).data;
    if (!category) throw new Error('the sandbox library has no category');
    const file = join(dataDir, 'paired-recap.mp4');
    await makeVideo(file, 2);
    const queued = await call('upload.enqueue', {
      paths: [file],
      target: { kind: 'vod', categoryKey: category.key },
    });
    expect(queued).toMatchObject({ added: 1, refused: [] });
    await waitFor(async () => {
      const { items } = await call('upload.list', {});
      return items.some((i) => i.state === 'processing' || i.state === 'done');
    });
    // The platform lists the content in that category (a second client, with its own token).
    const url = new URL(`${sandbox.info.vod_base_url}/categories/${category.key}/media-contents`);
    url.searchParams.set('access_token', sandbox.info.vod_access_token);
    url.searchParams.set('keyword', 'paired-recap');
    // The platform lists new content a moment (3 s of its time) after the upload.
    sandbox.clock.advance(10_000);
    await waitFor(async () => {
      const page = (await (await fetch(url)).json()) as { data: { title: string }[] };
      return page.data.some((c) => c.title === 'paired-recap');
    });
    const vodBudget = (await call('budget.get', {})).find((b) => b.name === 'vod');
    expect(vodBudget?.callsLastMinute).toBeGreaterThan(0);
  });

  it('keeps the pair, and the pair open, across a restart of the core', async () => {
    const before = await call('workspace.state', {});
    await core.dispose();
    core = await start();
    const after = await call('workspace.state', {});
    expect(after.active.id).toBe(before.active.id);
    expect(kinds(after)).toEqual(kinds(before));
    expect((await call('channels.list', {})).data.total).toBeGreaterThan(0);
  });

  it('unpairs: each account is a workspace again, the open pair follows its live account', async () => {
    const paired = await call('workspace.state', {});
    // The pair's VOD upload is still transcoding (the platform's clock is not advanced).
    expect((await call('upload.list', {})).summary.byState.processing).toBe(1);
    const state = await call('workspace.unpair', { id: paired.active.id });
    const notices = (await call('app.notices', {})).map((n) => n.message);
    expect(notices).toContain(
      '1 upload of “Seoul live + Seoul VOD” waits in its queue and goes on when that workspace is opened again.',
    );
    expect(kinds(state)).toEqual(['sandbox:Sandbox', 'live:Seoul live', 'vod:Seoul VOD']);
    expect(state.active).toMatchObject({ id: live.id, kind: 'live', apis: { vod: false } });
    const categories = await core.invoke('category.list', {}, { clientId: 'pairs-test' });
    expect(categories).toMatchObject({ ok: false, error: { code: 'api-missing' } });
  });

  it('a removed account leaves its pair; the other account works alone', async () => {
    await call('workspace.pair', { liveAccountId: live.id, vodAccountId: vod.id });
    expect((await call('workspace.state', {})).active.kind).toBe('pair');
    await call('account.remove', { id: live.id });
    const state = await call('workspace.state', {});
    expect(kinds(state)).toEqual(['sandbox:Sandbox', 'vod:Seoul VOD']);
    expect(state.active).toMatchObject({ id: vod.id, kind: 'vod' });
    const file = JSON.parse(await readFile(join(dataDir, 'workspaces.json'), 'utf8')) as {
      pairs: unknown[];
    };
    expect(file.pairs).toEqual([]);
  });
});

describe('the workspaces file as the app finds it', () => {
  let sandbox: SandboxHandle;
  let dataDir: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, rateLimit: false });
    dataDir = await mkdtemp(join(tmpdir(), 'onair-pairs-file-'));
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const open = () =>
    createDeskCore({
      dataDir,
      secrets: memorySecrets(),
      openSandbox: () => openSandboxWorkspace({ sandboxInfo: sandbox.info, pacing }),
      log: () => undefined,
    });

  it('forgets a pair naming accounts that are not there, and opens the sandbox', async () => {
    await writeFile(
      join(dataDir, 'workspaces.json'),
      JSON.stringify({
        version: 1,
        pairs: [
          {
            id: 'pair-0123456789ab',
            liveAccountId: 'acc-0123456789ab',
            vodAccountId: 'acc-ba9876543210',
            pairedAt: '2026-11-22T10:00:00.000Z',
          },
        ],
      }),
    );
    await writeFile(
      join(dataDir, 'settings.json'),
      JSON.stringify({ version: 1, activeWorkspace: 'pair-0123456789ab' }),
    );
    const core = await open();
    try {
      const state = await commandCaller(() => core, 't')('workspace.state', {});
      expect(state.active.id).toBe('sandbox');
      expect(state.choices.map((c) => c.id)).toEqual(['sandbox']);
    } finally {
      await core.dispose();
    }
  });

  it('sets a damaged file aside with a notice and starts', async () => {
    await writeFile(join(dataDir, 'workspaces.json'), '{ "version": 1, "pairs": [ { "id": 1 } ] }');
    const core = await open();
    try {
      const notices = await core.invoke('app.notices', {}, { clientId: 't' });
      const list = (notices.ok ? notices.data : []) as Notice[];
      expect(list.map((n) => n.message).join(' ')).toContain(
        'The workspace pairs file was damaged',
      );
    } finally {
      await core.dispose();
    }
  });
});
