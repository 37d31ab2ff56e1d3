/**
 * The one pipeline, walked over every declaration from each host (the browser host's HTTP and
 * Electron's IPC, with a typed fake of `ipcMain`): no destructive command runs without its
 * confirmation, a super-administrator-only command with an administrator's token is refused,
 * both before any request reaches the sandbox platform, and every change is in the audit log
 * with its way in.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../hosts/browser-host';
import { registerIpc, type PageContents } from '../../hosts/electron-ipc';
import { commandNames, commands, type CommandName } from '../../shared/bridge';
import type { CallMeta } from '../../shared/bridge';
import type { CommandDecl } from '../../shared/commands/define';
import { ipcChannels } from '../../shared/ipc-channels';
import type { Result } from '../../shared/result';
import { AuditLog, type AuditRecord } from '../core/audit-log';
import { sampleInput } from '../core/command-samples';
import { isJournaled } from '../core/command-journal';
import { startTestCore, type TestCore } from './test-support';

/** Electron's `ipcMain` as the IPC host uses it: `handle` and `removeHandler`, kept here. */
const ipcHandlers = vi.hoisted(() => new Map<string, (...args: unknown[]) => unknown>());
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: (...args: unknown[]) => unknown) =>
      ipcHandlers.set(channel, handler),
    removeHandler: (channel: string) => ipcHandlers.delete(channel),
  },
}));

type Invoke = (command: CommandName, input: unknown, meta?: CallMeta) => Promise<Result<unknown>>;

let test: TestCore;
let host: BrowserHost;
let rendererDir: string;
const decl = (name: CommandName) => commands[name] as CommandDecl;

/** Every request the sandbox platform received so far (all accounts, all minutes). */
const received = () => test.sandbox.calls.counts().reduce((sum, minute) => sum + minute.calls, 0);

const hosts: Record<string, () => Invoke> = {
  'browser host': () => {
    const secret = new URL(host.url).hash.replace('#k=', '');
    return async (command, input, meta = {}) => {
      const response = await fetch(`http://127.0.0.1:${host.port}/rpc/${command}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ input, ...meta }),
      });
      return (await response.json()) as Result<unknown>;
    };
  },
  'Electron IPC': () => {
    const appUrl = 'file:///app/renderer/index.html';
    const window = { isDestroyed: () => false, webContents: { id: 7, send: () => undefined } };
    registerIpc(
      test.core,
      () => [window as never],
      (url) => url === appUrl,
    );
    const handler = ipcHandlers.get(ipcChannels.invoke);
    if (!handler) throw new Error('The IPC host registered no handler.');
    const sender: PageContents = {
      id: 7,
      on: () => sender,
      removeListener: () => sender,
      once: () => sender,
    };
    const event = { sender, senderFrame: { parent: null, url: appUrl } };
    return (command, input, meta = {}) =>
      handler(event, command, input, meta) as Promise<Result<unknown>>;
  },
};

beforeAll(async () => {
  test = await startTestCore();
  rendererDir = await mkdtemp(join(tmpdir(), 'onair-pipeline-renderer-'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>OnAir Desk</title>');
  host = await startBrowserHost({ core: test.core, rendererDir, port: 0 });
});

afterAll(async () => {
  await host.close();
  await test.close();
  await rm(rendererDir, { recursive: true, force: true });
});

const destructive = commandNames.filter((name) => decl(name).effect === 'destructive');
/** The roles `name` needs with its sample input (`rolesFor` where its roles depend on it). */
const sampleRoles = (name: CommandName) => {
  const declared = decl(name);
  return declared.rolesFor ? declared.rolesFor(sampleInput(name)) : declared.roles;
};
const superAdminOnly = commandNames.filter(
  (name) => !sampleRoles(name).includes('admin') && !decl(name).learnsRole,
);

describe.each(Object.keys(hosts))('the pipeline from the %s', (hostName) => {
  let invoke: Invoke;
  beforeAll(() => {
    invoke = hosts[hostName]?.() as Invoke;
  });

  it('refuses every destructive command without its confirmation, sending nothing', async () => {
    expect(destructive.length).toBeGreaterThan(0);
    const before = received();
    const ran: string[] = [];
    for (const name of destructive) {
      const answer = await invoke(name, sampleInput(name));
      if (answer.ok || answer.error.code !== 'confirmation-required') ran.push(name);
      else expect(answer.error.text?.key).toMatch(/^pipeline\.confirm/);
    }
    expect(ran).toEqual([]);
    expect(received()).toBe(before);
  });

  it('refuses a page that claims to be a panel or a seat its way in', async () => {
    const name = destructive.find((n) => decl(n).confirm?.kind === 'again') as CommandName;
    const before = received();
    for (const claimed of ['panel', 'seat']) {
      const answer = await invoke(name, sampleInput(name), { via: claimed as never });
      // The page's claim is dropped: it is a button, so it is asked for its confirmation as a
      // button is. Had the claim been taken, the way-in table would have refused it first
      // (a panel's unticked command, a seat's missing credential), with another reason.
      expect(answer.ok).toBe(false);
      if (answer.ok) continue;
      expect(answer.error.code).toBe('confirmation-required');
      expect(answer.error.text?.key).toMatch(/^pipeline\.confirm/);
    }
    expect(received()).toBe(before);
  });

  it('refuses every super-administrator-only command with an administrator token, before any request', async () => {
    expect(superAdminOnly.length).toBeGreaterThan(0);
    const swap = await invoke('account.updateToken', {
      id: 'sandbox',
      token: test.sandbox.info.tokens.admin,
    });
    expect(swap.ok).toBe(true);
    try {
      const before = received();
      const ran: string[] = [];
      for (const name of superAdminOnly) {
        const answer = await invoke(name, sampleInput(name), {
          confirmation: { kind: decl(name).confirm?.kind ?? 'again' },
        });
        if (answer.ok || answer.error.text?.key !== 'pipeline.superAdminOnly') ran.push(name);
      }
      expect(ran).toEqual([]);
      expect(received()).toBe(before);

      // An upload's role is its kind's: program media is refused, VOD content is queued.
      const programMedia = await invoke('upload.enqueue', {
        paths: ['/nowhere/clip.mp4'],
        target: { kind: 'program-media' },
      });
      expect(programMedia.ok || programMedia.error.text?.key).toBe('pipeline.superAdminOnly');
      expect(received()).toBe(before);
      const vod = await invoke('upload.enqueue', {
        paths: ['/nowhere/clip.mp4'],
        target: { kind: 'vod' },
      });
      expect(vod.ok).toBe(true);
    } finally {
      await invoke('account.updateToken', {
        id: 'sandbox',
        token: test.sandbox.info.tokens.super_admin,
      });
    }
  });
});

describe('the audit log', () => {
  it('holds every change and destructive command with its way in, without secrets', async () => {
    const invoke = hosts['browser host']?.() as Invoke;
    // Every declared change, and the commands not declared yet that run at an operator's
    // `command` priority (audited as changes), except those that switch or drop workspaces,
    // and those the journal does not keep for this input (the app's own bookkeeping, a
    // read-or-set command given nothing to set: docs/dev/architecture.md, "Activity").
    const changes = commandNames.filter((name) => {
      const { effect, priority } = decl(name);
      if (/^(account|workspace|pair)\./.test(name)) return false;
      if (!isJournaled(decl(name), sampleInput(name))) return false;
      return effect === undefined ? priority === 'command' : effect !== 'read';
    });
    expect(changes.length).toBeGreaterThan(20);
    const ways = ['button', 'key', 'palette'] as const;
    const sent = new Map<string, string>();
    for (const [index, name] of changes.entries()) {
      const via = ways[index % ways.length] ?? 'button';
      sent.set(name, via);
      await invoke(name, sampleInput(name), {
        via,
        ...(decl(name).confirm
          ? { confirmation: { kind: decl(name).confirm?.kind ?? 'again' } }
          : {}),
      });
    }
    const audit = new AuditLog(test.dataDir, Date.now, () => undefined);
    let records: AuditRecord[] = [];
    const missing = () =>
      [...sent].filter(
        ([name, via]) => !records.some((record) => record.command === name && record.via === via),
      );
    // The core appends after it answers: read until every record is there.
    await vi.waitFor(
      async () => {
        records = await audit.recent('sandbox', 10_000);
        expect(missing()).toEqual([]);
      },
      { timeout: 10_000, interval: 200 },
    );
    const text = JSON.stringify(records);
    for (const token of Object.values(test.sandbox.info.tokens)) expect(text).not.toContain(token);
    expect(text).not.toContain(test.sandbox.info.vod_access_token);
  });
});
