/**
 * A hardware panel drives OnAir Desk through its local control API (hosts/panel-api.ts), the
 * way Bitfocus Companion's Generic HTTP connection does: the operator turns the API on in
 * Settings and adds a panel (its token shown once), which may run nothing until the operator
 * ticks its commands (Settings → Hardware panels → Commands…): refused before, with the reason;
 * then a test client in the panel's role starts and stops a recording (the stop confirmed by a
 * second press within 2 s), is still refused a command left unticked, is refused with an
 * `Origin` header, sees its buttons go stale when the platform stops answering, and is refused
 * once the operator revokes it. A second test stops the platform's server: the buttons go dark
 * within 2 s (the reachability probe, no platform call) and light again once it is back. Loopback only; the sandbox's clock, not the wall clock, decides
 * nothing here but the platform's own timeouts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRemoteSandbox } from './sandbox-process';
import {
  test as base,
  expect,
  startHost,
  type PlatformProbe,
  type SandboxHandle,
} from './fixtures';
import { en } from '../src-main/shared/i18n/en';
import { ko } from '../src-main/shared/i18n/ko';
import { openFeedbackStream } from '../src-main/hosts/panel-feedback-reader';
import { maxYieldFactor, watchIntervals } from '../src-main/services/control-room';

// The host's control API listens on a free port (`--panel-port 0`): specs run side by side.
const test = base.extend({
  appUrl: async ({ sandbox, dataDir, clock }, use) => {
    const { child, url } = await startHost(sandbox, dataDir, clock.offsetMs, ['--panel-port', '0']);
    await use(url);
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  },
});

interface LiveBroadcast {
  key: string;
  is_onair: boolean;
  is_duplicate_recording: boolean;
}
interface LiveChannel {
  key: string;
  type?: string;
  latest_broadcast: { key?: string };
}

/** An on-air live broadcast (not a scheduled channel's) that is not recording. */
async function onAirBroadcast(platform: PlatformProbe): Promise<LiveBroadcast> {
  const list = await platform.get<{ data: LiveChannel[] }>(
    '/channels?live_status=onair&per_page=100',
  );
  for (const channel of list.data) {
    const key = channel.latest_broadcast.key;
    if (!key || channel.type === 'scheduled') continue;
    const { data } = await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${key}`);
    if (data.is_onair && !data.is_duplicate_recording) return data;
  }
  throw new Error('the sandbox seed has no on-air broadcast that is not recording');
}

const shots = (name: string) => ({ path: `test-results/screens/${name}.png`, fullPage: true });

test('a hardware panel records through the control API, is refused when it should be', async ({
  app,
  platform,
  sandbox,
}) => {
  // Settings → Hardware panels: on, then a panel whose token is shown once.
  await app.getByRole('button', { name: en.settings.button }).click();
  const status = app.getByTestId('panel-api-status');
  await expect(status).toHaveText(en.panelApi.off);
  await app.getByRole('checkbox', { name: en.panelApi.enabled }).check();
  await expect(status).toHaveText(/Listening at http:\/\/127\.0\.0\.1:\d+/);
  const address = /http:\/\/127\.0\.0\.1:\d+/.exec((await status.textContent()) ?? '')?.[0];
  if (!address) throw new Error('no control API address on screen');
  await app.getByRole('textbox', { name: en.panelApi.name }).fill('Stream Deck A');
  await app.getByRole('button', { name: en.panelApi.add }).click();
  const token = ((await app.getByTestId('panel-token').textContent()) ?? '').trim();
  expect(token).toMatch(/^odp_[A-Za-z0-9_-]{43}$/);
  await app.getByTestId('panel-token').scrollIntoViewIfNeeded();
  await app.screenshot(shots('panels-01-settings-token-en'));
  await app.getByRole('button', { name: en.panelApi.hide }).click();
  await expect(app.getByTestId('panel-token')).toHaveCount(0);
  await expect(app.getByText('Stream Deck A')).toBeVisible();

  const press = async (command: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${address}/api/v1/commands/${command}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        ...headers,
      },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as { ok: boolean; error?: { code: string; message: string } },
    };
  };
  const recording = async (key: string) =>
    (await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${key}`)).data.is_duplicate_recording;

  // A web page cannot reach it, even with the token.
  const fromPage = await press(
    'broadcast.startRecording',
    { broadcastKey: 'x' },
    {
      Origin: 'http://127.0.0.1:5183',
    },
  );
  expect(fromPage.status).toBe(403);

  // A new panel may run nothing: its press is refused with the reason, and nothing is sent.
  const broadcast = await onAirBroadcast(platform);
  const input = { broadcastKey: broadcast.key };
  await expect(app.getByTestId('panel-ticked')).toHaveText(/^0 of \d+ commands$/);
  const unticked = await press('broadcast.startRecording', input);
  expect(unticked.status).toBe(403);
  expect(unticked.body.error?.message).toBe(
    en.pipeline.panelNotTicked.replace('{command}', 'Start recording'),
  );
  expect(await recording(broadcast.key)).toBe(false);

  // Settings → Hardware panels → Commands…: the operator ticks recording start and stop.
  await app.getByRole('button', { name: `${en.panelApi.edit} Stream Deck A` }).click();
  const dialog = app.getByRole('dialog', {
    name: en.panelApi.commandsOf.replace('{name}', 'Stream Deck A'),
  });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Start recording' }).check();
  await dialog.getByRole('checkbox', { name: 'Stop recording' }).check();
  await dialog.getByRole('checkbox', { name: 'Rename broadcast' }).check();
  await dialog.getByRole('textbox', { name: en.panelApi.titles }).fill('Half time\nFull time');
  await dialog.getByRole('button', { name: en.panelApi.save }).click();
  await expect(dialog.getByRole('status')).toHaveText(en.panelApi.saved);
  await app.screenshot(shots('panels-03-commands-en'));
  await dialog.getByRole('button', { name: en.common.close }).click();
  await expect(dialog).toBeHidden();
  await expect(app.getByTestId('panel-ticked')).toHaveText(/^3 of \d+ commands$/);

  // Cue point stays unticked: still refused, in the operator's words.
  const cue = await press('broadcast.setCuePoint', input);
  expect(cue.status).toBe(403);
  expect(cue.body.error?.message).toMatch(/This panel may not run “Set cue point now”/);

  // Start: one press.
  const started = await press('broadcast.startRecording', input);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await expect.poll(() => recording(broadcast.key)).toBe(true);

  // Stop: the first press does nothing; the second within 2 s stops it.
  const first = await press('broadcast.stopRecording', input);
  expect(first.status).toBe(409);
  expect(first.body.error?.code).toBe('confirmation-required');
  expect(await recording(broadcast.key)).toBe(true);
  const second = await press('broadcast.stopRecording', input);
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  await expect.poll(() => recording(broadcast.key)).toBe(false);

  // The feedback stream: the channel list the control room watches lights the buttons...
  const feedback = await openFeedbackStream(address, token);
  const pictures = feedback.pictures;
  expect(feedback.status).toBe(200);
  try {
    await expect
      .poll(() => pictures.at(-1)?.channels.filter((c) => c.tally === 'onAir' && !c.stale).length)
      .toBeGreaterThan(0);
    // ... and when the platform stops answering, every button goes stale (never a live look).
    // Connections are taken and dropped, so the reachability probe sees nothing: the next
    // channel-list read finds the platform gone. That read is 20 s after the last, and up to
    // three times that if a 429 earlier in the test lowered the background rate (a call's
    // jitter on a loaded machine can do that; rate-policy.ts): measured 33 s after one 429.
    test.setTimeout(150_000);
    await sandbox.faults.update({ dropRate: 1 });
    await expect
      .poll(() => pictures.at(-1)?.stale, {
        timeout: watchIntervals.channels * maxYieldFactor + 5_000,
      })
      .toBe(true);
    const last = pictures.at(-1);
    expect(last?.platform).toBe('lost');
    expect(last?.channels.every((c) => c.stale)).toBe(true);
  } finally {
    await sandbox.faults.clear();
    feedback.close();
  }

  // Revoked in Settings: the panel's next press is refused.
  await app.getByRole('button', { name: `${en.panelApi.revoke}: Stream Deck A` }).click();
  await expect(app.getByText(en.panelApi.none)).toBeVisible();
  const revoked = await press('broadcast.startRecording', input);
  expect(revoked.status).toBe(401);
  expect(await recording(broadcast.key)).toBe(false);

  // The same section in Korean.
  await app.getByLabel(en.settings.language).selectOption('ko');
  await expect(app.getByText(ko.panelApi.title, { exact: true })).toBeVisible();
  await app.getByRole('textbox', { name: ko.panelApi.name }).fill('스트림 덱 B');
  await app.getByRole('button', { name: ko.panelApi.add }).click();
  await expect(app.getByTestId('panel-token')).toBeVisible();
  await app.getByTestId('panel-token').scrollIntoViewIfNeeded();
  await app.screenshot(shots('panels-02-settings-token-ko'));
  await app.getByLabel(ko.settings.language).selectOption('system');
});

test('the operator ticks a panel’s commands in Korean; the panel runs those and no other', async ({
  app,
}) => {
  await app.getByRole('button', { name: en.settings.button }).click();
  await app.getByLabel(en.settings.language).selectOption('ko');
  const status = app.getByTestId('panel-api-status');
  await app.getByRole('checkbox', { name: ko.panelApi.enabled }).check();
  await expect(status).toHaveText(/http:\/\/127\.0\.0\.1:\d+/);
  const address = /http:\/\/127\.0\.0\.1:\d+/.exec((await status.textContent()) ?? '')?.[0];
  if (!address) throw new Error('no control API address on screen');
  await app.getByRole('textbox', { name: ko.panelApi.name }).fill('스트림 덱 B');
  await app.getByRole('button', { name: ko.panelApi.add }).click();
  const token = ((await app.getByTestId('panel-token').textContent()) ?? '').trim();
  await app.getByRole('button', { name: ko.panelApi.hide }).click();

  await app.getByRole('button', { name: `${ko.panelApi.edit} 스트림 덱 B` }).click();
  const dialog = app.getByRole('dialog', {
    name: ko.panelApi.commandsOf.replace('{name}', '스트림 덱 B'),
  });
  await expect(dialog.getByText(ko.panelApi.noCommands)).toBeVisible();
  await dialog.getByRole('checkbox', { name: '채널 선택' }).check();
  await dialog.getByRole('button', { name: ko.panelApi.save }).click();
  await expect(dialog.getByRole('status')).toHaveText(ko.panelApi.saved);
  await app.screenshot(shots('panels-04-commands-ko'));
  await dialog.getByRole('button', { name: ko.common.close }).click();
  await expect(app.getByTestId('panel-ticked')).toHaveText(/^명령 1\/\d+개$/);
  await app.screenshot(shots('panels-05-settings-list-ko'));

  const press = async (command: string, body: unknown) => {
    const response = await fetch(`${address}/api/v1/commands/${command}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as { error?: { message: string } },
    };
  };
  // Ticked: "focus channel 1" opens the control room on the first channel of its list.
  expect((await press('channel.focus', { position: 1 })).status).toBe(200);
  await expect(app.locator('li[role="option"]').first()).toHaveAttribute('aria-selected', 'true');
  // Not ticked: refused with the reason, nothing recorded.
  const refused = await press('broadcast.startRecording', { broadcastKey: 'x' });
  expect(refused.status).toBe(403);
  expect(refused.body.error?.message).toMatch(/This panel may not run “Start recording”/);
  await app.getByLabel(ko.settings.language).selectOption('system');
});

/** The sandbox platform, stopped and started again on the same port with the same state. */
interface Restartable {
  readonly handle: SandboxHandle;
  stop(): Promise<void>;
  start(): Promise<void>;
}

const restartTest = test.extend<{ restartable: Restartable }>({
  restartable: async ({ clock, sandboxHost }, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'onair-panels-e2e-'));
    const options = {
      seed: 1,
      rateLimit: true,
      startAt: clock.now(),
      stateFile: join(dir, 'sandbox-state.json'),
    };
    let handle = await startRemoteSandbox(sandboxHost, options);
    const port = Number(new URL(handle.info.live_base_url).port);
    let running = true;
    const restartable: Restartable = {
      get handle() {
        return handle;
      },
      async stop() {
        if (!running) return;
        running = false;
        await handle.close();
      },
      async start() {
        handle = await startRemoteSandbox(sandboxHost, { port, ...options });
        running = true;
      },
    };
    await use(restartable);
    await restartable.stop();
    await rm(dir, { recursive: true, force: true });
  },
  sandbox: async ({ restartable }, use) => {
    await use(restartable.handle);
  },
});

restartTest(
  'a panel’s buttons go dark within 2 s of the platform’s server stopping, and light once it is back',
  async ({ app, restartable }) => {
    await app.getByRole('button', { name: en.settings.button }).click();
    const status = app.getByTestId('panel-api-status');
    await app.getByRole('checkbox', { name: en.panelApi.enabled }).check();
    await expect(status).toHaveText(/Listening at http:\/\/127\.0\.0\.1:\d+/);
    const address = /http:\/\/127\.0\.0\.1:\d+/.exec((await status.textContent()) ?? '')?.[0];
    if (!address) throw new Error('no control API address on screen');
    await app.getByRole('textbox', { name: en.panelApi.name }).fill('Stream Deck P');
    await app.getByRole('button', { name: en.panelApi.add }).click();
    const token = ((await app.getByTestId('panel-token').textContent()) ?? '').trim();
    await app.getByRole('button', { name: en.panelApi.hide }).click();

    /** Each picture with when it arrived here (this process's clock, ms). */
    const feedback = await openFeedbackStream(address, token);
    const pictures = feedback.arrivals;
    expect(feedback.status).toBe(200);
    const lit = () =>
      pictures.at(-1)?.picture.channels.filter((c) => c.tally === 'onAir' && !c.stale).length ?? 0;
    try {
      await expect.poll(lit, { timeout: 30_000 }).toBeGreaterThan(0);
      // The platform's server stops: its port refuses connections.
      const stoppedAt = performance.now();
      await restartable.stop();
      await expect.poll(() => pictures.at(-1)?.picture.stale, { timeout: 5_000 }).toBe(true);
      const dark = pictures.find((p) => p.arrived >= stoppedAt && p.picture.stale);
      if (!dark) throw new Error('no stale picture');
      expect(dark.arrived - stoppedAt).toBeLessThanOrEqual(2_000);
      expect(dark.picture.platform).toBe('lost');
      expect(dark.picture.channels.length).toBeGreaterThan(0);
      expect(dark.picture.channels.every((c) => c.stale)).toBe(true);
      expect(new Set(Object.values(dark.picture.lamps))).toEqual(new Set(['stale']));
      // Back on the same port with the same state: lit again after the app's next read.
      await restartable.start();
      await expect.poll(lit, { timeout: 30_000 }).toBeGreaterThan(0);
      expect(pictures.at(-1)?.picture.platform).toBe('reachable');
    } finally {
      feedback.close();
    }
  },
);
