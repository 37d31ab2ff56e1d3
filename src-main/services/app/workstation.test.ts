/**
 * Tokens that expire: a live token the sandbox issued for 8 days, stored as an operator stores
 * it, is warned of 7 days and 1 day before it expires (the workstation state for the status bar
 * and Accounts, a notice in the app, an OS notification), once per threshold, naming the
 * workspaces it breaks. The core's time is the sandbox's virtual clock, paused and moved by
 * hand: no wall clock.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../platform/clock';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import { createI18n } from '../../shared/i18n';
import { resolveParams, type MessageRef } from '../../shared/i18n/message';
import type { AccountSummary, Notice } from '../../shared/model';
import type { OsNotice } from '../../shared/notifications';
import { openSandboxWorkspace } from '../workspaces/workspace';
import { createDeskCore, type DeskCoreWithPanels } from './desk-core';
import { commandCaller, memorySecrets } from './test-support';

const pacing = { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0 };
const dayMs = 24 * 60 * 60 * 1000;

describe('tokens that expire', () => {
  let sandbox: SandboxHandle;
  let dataDir: string;
  let core: DeskCoreWithPanels;
  const call = commandCaller(() => core, 'expiry-test');
  const notified: OsNotice[] = [];
  const notices: Notice[] = [];
  let account: AccountSummary;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 5, rateLimit: false });
    sandbox.clock.pause();
    dataDir = await mkdtemp(join(tmpdir(), 'onair-expiry-'));
    // The core reads the platform's virtual time; its timers are the runtime's (the token
    // check's hourly timer never comes due within the test: the test calls the check).
    const clock: Clock = {
      now: () => sandbox.clock.nowMs(),
      setTimeout: (fn, ms) => setTimeout(fn, Math.min(ms, 2 ** 31 - 1)),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
    core = await createDeskCore({
      dataDir,
      secrets: memorySecrets(),
      clock,
      openSandbox: () => openSandboxWorkspace({ sandboxInfo: sandbox.info, pacing }),
      workspaceOptions: { pacing },
      log: () => undefined,
    });
    core.subscribe((event, payload) => {
      if (event === 'notify') notified.push(payload as OsNotice);
      if (event === 'app.notice') notices.push(payload as Notice);
    });
    account = await call('account.add', {
      kind: 'live',
      name: 'Seoul live',
      baseUrl: sandbox.info.live_base_url,
      serviceAccountKey: sandbox.info.service_account_key,
      token: sandbox.issueToken({ lifetimeS: 8 * 24 * 60 * 60 }),
    });
    await call('account.add', {
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

  const state = () => call('workstation.state', {});
  const english = createI18n('en');
  const korean = createI18n('ko');
  const text = (i18n: typeof english, m: MessageRef): string =>
    i18n.t(m.key, resolveParams(m.params, (inner) => text(i18n, inner)) ?? {});

  it('says nothing 8 days before', async () => {
    expect(account.access.expiresAt).not.toBeNull();
    expect((await state()).tokens).toEqual([]);
    expect(notified.filter((n) => n.kind === 'tokenExpiring')).toEqual([]);
  });

  it('warns 7 days before, once, naming the workspace it breaks', async () => {
    sandbox.clock.advance(dayMs + 60_000);
    core.workstation.checkTokens();
    core.workstation.checkTokens();
    const [token, ...more] = (await state()).tokens;
    expect(more).toEqual([]);
    expect(token).toMatchObject({
      accountName: 'Seoul live',
      kind: 'live',
      threshold: 7,
      workspaces: ['Seoul live'],
    });
    const os = notified.filter((n) => n.kind === 'tokenExpiring');
    expect(os).toHaveLength(1);
    expect(os[0]?.open).toEqual({ view: 'accounts' });
    const title = os[0] ? text(english, os[0].title) : '';
    const body = os[0] ? text(english, os[0].body) : '';
    expect(title).toBe('Token expires within 7 days');
    expect(body).toMatch(
      /^The live API token of Seoul live expires \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\. Workspaces it breaks: Seoul live\./,
    );
    expect(os[0] ? text(korean, os[0].body) : '').toContain('Seoul live의 라이브 API 토큰');
    expect(notices.filter((n) => n.message === body)).toHaveLength(1);
  });

  it('warns again 1 day before, and once more when it has expired', async () => {
    sandbox.clock.advance(5 * dayMs);
    core.workstation.checkTokens();
    expect(notified.filter((n) => n.kind === 'tokenExpiring')).toHaveLength(1);
    sandbox.clock.advance(dayMs);
    core.workstation.checkTokens();
    expect((await state()).tokens.map((t) => t.threshold)).toEqual([1]);
    const os = notified.filter((n) => n.kind === 'tokenExpiring');
    expect(os.map((n) => n.title.key)).toEqual([
      'workstation.tokens.osTitle7',
      'workstation.tokens.osTitle1',
    ]);
    sandbox.clock.advance(dayMs);
    core.workstation.checkTokens();
    expect((await state()).tokens.map((t) => t.threshold)).toEqual([0]);
    expect(notices.at(-1)?.level).toBe('error');
  });
});
