/**
 * The built module (`npm run companion:build`) started the way Companion starts a module: its
 * own Node process with `MODULE_MANIFEST`, `CONNECTION_ID` and `VERIFICATION_TOKEN`, spoken to
 * over the process's IPC channel in `@companion-module/base`'s message shape (`register`, then
 * `init` with the config and secrets, then `executeAction`). Against a real OnAir Desk control
 * API on 127.0.0.1 over the sandbox: the bundle registers, reports `ok`, offers the channel's
 * preset page and records at the sandbox. It shows the bundle and manifest load outside this
 * repository's TypeScript, which the other tests cannot.
 */
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateManifest, type ModuleManifest } from '@companion-module/base';
import { followFeedback, startPanelApi, type PanelApi } from '../../../src-main/hosts/panel-api';
import { systemClock } from '../../../src-main/platform/clock';
import { startTestCore, type TestCore } from '../../../src-main/services/app/test-support';
import type { ChannelSummary, Fresh, Page } from '../../../src-main/shared/model';
import type { AddedPanel } from '../../../src-main/shared/panels-model';

/** A message on Companion's IPC channel with a module (ipc-wrapper.js of the library). */
interface IpcMessage {
  direction: 'call' | 'response';
  name?: string;
  payload?: string;
  callbackId?: number;
  success?: boolean;
}

let test: TestCore;
let api: PanelApi;
let stopFeedback: () => void;
let out: string;
let child: ChildProcess;
let token: string;
let channelKey: string;
let broadcastKey: string;
let channelTitle: string;
/** Every call the module made to its host, by name, payload parsed. */
const calls: { name: string; payload: unknown }[] = [];
const pending = new Map<number, (message: IpcMessage) => void>();
let nextId = 1;

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'onair-companion-'));
  const built = promisify(execFile)(process.execPath, [
    join(import.meta.dirname, '../build.mjs'),
    '--out',
    out,
  ]);
  test = await startTestCore({ seed: 5 });
  const { core } = test;
  const followed = followFeedback(core, systemClock);
  stopFeedback = followed.stop;
  api = await startPanelApi({ core, port: 0, feedback: followed.feedback });
  const added = await core.invoke('panels.add', { name: 'Companion' }, { clientId: 'settings' });
  if (!added.ok) throw new Error(added.error.message);
  const panel = added.data as AddedPanel;
  token = panel.token;
  const ticked = await core.invoke(
    'panels.setCommands',
    { id: panel.panel.id, commands: ['broadcast.startRecording'] },
    { clientId: 'settings' },
  );
  if (!ticked.ok) throw new Error(ticked.error.message);
  const list = await core.invoke('channels.list', {}, { clientId: 'control-room' });
  if (!list.ok) throw new Error(list.error.message);
  const onAir = (list.data as Fresh<Page<ChannelSummary>>).data.items.find(
    (c) => c.onAir && c.type !== 'scheduled' && c.latestBroadcast,
  );
  if (!onAir?.latestBroadcast) throw new Error('the seed has no on-air channel');
  channelKey = onAir.key;
  channelTitle = onAir.title;
  broadcastKey = onAir.latestBroadcast.key;
  const watch = await core.invoke(
    'watch.subscribe',
    { spec: { kind: 'channels' } },
    { clientId: 'control-room' },
  );
  if (!watch.ok) throw new Error(watch.error.message);
  await built;
}, 60_000);

afterAll(async () => {
  child?.kill();
  await api.close();
  stopFeedback();
  await test.close();
  await rm(out, { recursive: true, force: true });
});

/** Calls `name` on the module as Companion does, and waits for its answer. */
function call(name: string, payload: unknown): Promise<IpcMessage> {
  const callbackId = nextId++;
  return new Promise((resolve) => {
    pending.set(callbackId, resolve);
    child.send({ direction: 'call', name, payload: JSON.stringify(payload), callbackId });
  });
}

/** The payload of the module's latest call `name` that passes `test`, or undefined. */
function latest(name: string, match: (payload: never) => boolean = () => true): unknown {
  return calls.filter((c) => c.name === name && match(c.payload as never)).at(-1)?.payload;
}

describe('the built module, started as Companion starts it', () => {
  it('has a manifest Companion accepts, naming the bundled library’s API version', async () => {
    const manifest = JSON.parse(
      await readFile(join(out, 'onair-desk/companion/manifest.json'), 'utf8'),
    ) as ModuleManifest;
    expect(() => validateManifest(manifest, false)).not.toThrow();
    expect(manifest.runtime.apiVersion).toMatch(/^1\.\d+\.\d+$/);
    expect(manifest.runtime.entrypoint).toBe('../main.js');
  });

  it('registers, connects to the desk, offers the preset page and records at the sandbox', async () => {
    child = fork(join(out, 'onair-desk/main.js'), [], {
      execArgv: [],
      silent: true,
      env: {
        PATH: process.env.PATH ?? '',
        MODULE_MANIFEST: join(out, 'onair-desk/companion/manifest.json'),
        CONNECTION_ID: 'onair-desk-1',
        VERIFICATION_TOKEN: 'companion-test',
      },
    });
    child.on('message', (raw) => {
      const message = raw as IpcMessage;
      if (message.direction === 'response' && message.callbackId !== undefined) {
        pending.get(message.callbackId)?.(message);
        pending.delete(message.callbackId);
        return;
      }
      const name = message.name ?? '';
      calls.push({ name, payload: message.payload ? JSON.parse(message.payload) : undefined });
      if (message.callbackId !== undefined)
        child.send({
          direction: 'response',
          callbackId: message.callbackId,
          success: true,
          payload: JSON.stringify(name === 'parseVariablesInString' ? { text: '' } : {}),
        });
    });
    await expect
      .poll(() => latest('register'), { timeout: 10_000 })
      .toMatchObject({
        connectionId: 'onair-desk-1',
        verificationToken: 'companion-test',
      });

    const init = await call('init', {
      label: 'onair-desk',
      isFirstInit: false,
      config: { host: '127.0.0.1', port: String(api.port) },
      secrets: { token },
      lastUpgradeIndex: -1,
    });
    expect(init.success).toBe(true);
    await expect
      .poll(() => latest('set-status'), { timeout: 10_000 })
      .toMatchObject({ status: 'ok' });
    await expect
      .poll(
        () =>
          JSON.stringify(
            latest('setPresetDefinitions', (p: { presets?: unknown }) =>
              JSON.stringify(p).includes(`On air: ${channelTitle}`),
            ) ?? null,
          ),
        { timeout: 15_000 },
      )
      .toContain('Stop recording (press twice)');

    const pressed = await call('executeAction', {
      action: {
        id: 'a1',
        controlId: 'bank:1:1',
        actionId: 'startRecording',
        options: { channel: channelKey },
      },
      surfaceId: undefined,
    });
    expect(pressed.success).toBe(true);
    expect(JSON.parse(pressed.payload ?? '{}')).toMatchObject({ success: true });
    const { info, probeKey } = test.sandbox;
    const answer = await fetch(
      `${info.live_base_url}/v1/live/service-accounts/${info.service_account_key}/broadcasts/${broadcastKey}`,
      {
        headers: {
          Authorization: `Bearer ${info.tokens.super_admin}`,
          'X-Sandbox-Probe': probeKey,
        },
      },
    );
    expect(
      ((await answer.json()) as { data: { is_duplicate_recording: boolean } }).data
        .is_duplicate_recording,
    ).toBe(true);
  }, 40_000);
});
