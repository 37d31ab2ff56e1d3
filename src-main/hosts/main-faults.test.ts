/**
 * Faults of main the app survives: an uncaught exception, an unhandled rejection, a child
 * process gone. Electron's `app` and Node's `process` are typed fakes of their API shape
 * (events emitted as they emit them); the core is a real one on the sandbox. Each fault is
 * told to the operator (a notice), journaled as the app's own line (way in `app`), and the
 * core still answers, its upload queue intact; the browser host still answers over HTTP.
 * Crash dumps are listed by "Save diagnostics", their contents never included.
 */
import { EventEmitter } from 'node:events';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { App } from 'electron';
import { afterEach, describe, expect, it } from 'vitest';
import { commandCaller, startTestCore, type TestCore } from '../services/app/test-support';
import { crashDumpsFolder } from '../services/app/crash-dumps';
import { startBrowserHost, type BrowserHost } from './browser-host';
import {
  watchMainFaults,
  type ChildProcessGoneDetails,
  type FaultApp,
  type FaultProcess,
} from './main-faults';

/** Node's `process` as far as its fault events go. */
class FakeProcess extends EventEmitter implements FaultProcess {}
/** Electron's `app` as far as `child-process-gone` goes. */
class FakeApp extends EventEmitter implements FaultApp {
  gone(details: ChildProcessGoneDetails): void {
    this.emit('child-process-gone', {}, details);
  }
}
// Electron's own `app` fits the surface the watcher uses (a compile-time check).
const electronShape: (app: App) => FaultApp = (app) => app;

let rig: TestCore | null = null;
let host: BrowserHost | null = null;
let stop: (() => void) | null = null;
afterEach(async () => {
  stop?.();
  await host?.close();
  await rig?.close();
  stop = null;
  host = null;
  rig = null;
});

async function start() {
  rig = await startTestCore({ seed: 3 });
  const core = rig.core;
  const proc = new FakeProcess();
  const app = new FakeApp();
  const log: string[] = [];
  stop = watchMainFaults({
    process: proc,
    app,
    tell: () => (kind, what) => core.fault(kind, what),
    log: (m) => log.push(m),
  });
  return { core, proc, app, log, call: commandCaller(() => core, 'faults-test') };
}

describe('main-process faults', () => {
  it('tells, journals and survives an uncaught exception and a rejection; the upload queue stays', async () => {
    expect(typeof electronShape).toBe('function');
    const { proc, log, call } = await start();
    if (!rig) throw new Error('no core');
    // An upload waits in the queue (a 2 MB waiting-screen image the host takes long to take).
    rig.sandbox.uploads.setThrottle(20_000);
    const file = join(rig.dataDir, 'standby.png');
    const png = Buffer.alloc(2_000_000);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await writeFile(file, png);
    await call('upload.enqueue', { paths: [file], target: { kind: 'waiting-screen' } });

    const thrown = new TypeError("Cannot read properties of undefined (reading 'key')");
    proc.emit('uncaughtException', thrown);
    proc.emit('unhandledRejection', new Error('ECONNRESET while reading the schedule'));

    const notices = await call('app.notices', {});
    const faults = notices.filter((n) => n.text?.key.startsWith('workstation.fault.'));
    expect(faults.map((n) => [n.level, n.message])).toEqual([
      [
        'error',
        "The app hit an unexpected fault (TypeError: Cannot read properties of undefined (reading 'key')) and keeps running. Queued uploads and downloads are kept. Save diagnostics if it happens again.",
      ],
      [
        'error',
        'A background task of the app failed (Error: ECONNRESET while reading the schedule); the app keeps running. Queued uploads and downloads are kept. Save diagnostics if it happens again.',
      ],
    ]);
    // The log has the stack; the operator's line does not.
    expect(
      log.some((m) => m.startsWith('fault (exception): TypeError') && m.includes(' at ')),
    ).toBe(true);
    const page = await call('activity.query', { kinds: ['fault'] });
    expect(page.items.map((i) => [i.kind, i.via, i.who, i.detail])).toEqual([
      ['fault', 'app', null, 'rejection'],
      ['fault', 'app', null, 'exception'],
    ]);
    // Still serving, and the queue still holds the upload.
    const channels = (await call('channels.list', {})) as { data: { items: unknown[] } };
    expect(channels.data.items.length).toBeGreaterThan(0);
    const uploads = (await call('upload.list', {})) as { items: { fileName?: string }[] };
    expect(JSON.stringify(uploads)).toContain('standby.png');
  });

  it('tells a child process that crashed, not one that ended cleanly', async () => {
    const { app, call } = await start();
    app.gone({ type: 'Utility', reason: 'clean-exit', exitCode: 0, name: 'Audio Service' });
    app.gone({ type: 'GPU', reason: 'crashed', exitCode: 139 });
    const notices = await call('app.notices', {});
    const faults = notices.filter((n) => n.text?.key === 'workstation.fault.childGone');
    expect(faults.map((n) => n.message)).toEqual([
      'A helper process of the app stopped (GPU: crashed, exit code 139); the app keeps running. Queued uploads and downloads are kept. Save diagnostics if it happens again.',
    ]);
  });

  it('lists the crash dumps in Save diagnostics, by name, size and time, not their contents', async () => {
    const { call } = await start();
    if (!rig) throw new Error('no core');
    const folder = join(rig.dataDir, crashDumpsFolder, 'completed');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'a1b2c3.dmp'), 'MDMP minidump memory bytes');
    const saved = (await call('diagnostics.save', {})) as { path: string };
    const entries = unzipSync(new Uint8Array(await readFile(saved.path)));
    const listed = JSON.parse(strFromU8(entries['crash-dumps.json'] ?? new Uint8Array())) as {
      name: string;
      size: number;
      modifiedAt: string;
    }[];
    expect(listed).toEqual([
      { name: 'completed/a1b2c3.dmp', size: 26, modifiedAt: expect.stringMatching(/Z$/) as string },
    ]);
    for (const data of Object.values(entries))
      expect(strFromU8(data)).not.toContain('minidump memory bytes');
    await rm(saved.path);
  });
});

describe('main-process faults in the browser host', () => {
  it('tells a failed background task, and the host still answers', async () => {
    const { proc, core } = await start();
    const rendererDir = join(rig?.dataDir ?? '', 'renderer');
    await mkdir(rendererDir, { recursive: true });
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>OnAir Desk</title>');
    host = await startBrowserHost({ core, rendererDir, port: 0 });
    const secret = new URL(host.url).hash.replace('#k=', '');
    const port = host.port;
    const rpc = async (command: string, input: object) => {
      const response = await fetch(`http://127.0.0.1:${port}/rpc/${command}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ input }),
      });
      return {
        status: response.status,
        body: (await response.json()) as { ok: boolean; data: unknown },
      };
    };
    // What Node emits when a handler's background task rejects with no one awaiting it.
    proc.emit('unhandledRejection', new Error('EACCES: permission denied, open spool/x.part'));
    const notices = await rpc('app.notices', {});
    expect(notices.status).toBe(200);
    expect(JSON.stringify(notices.body)).toContain(
      'A background task of the app failed (Error: EACCES: permission denied, open spool/x.part)',
    );
    const channels = await rpc('channels.list', {});
    expect(channels).toMatchObject({ status: 200, body: { ok: true } });
  });
});
