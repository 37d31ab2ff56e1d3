/**
 * `npm run --silent start:browser -- [--port N] [--data-dir DIR] [--json] [--seed N] [--no-rate-limit] [--panel-port N]`
 *
 * Serves OnAir Desk to a browser on 127.0.0.1, on the sandbox workspace (embedded, or the
 * one named by `ONAIR_SANDBOX_INFO`). With `--json` it prints exactly one line,
 * `{"url": "..."}`, and nothing else on stdout; otherwise a short banner for a person.
 * The control API for hardware panels (hosts/panel-api.ts) runs when Settings turns it on;
 * `--panel-port N` (tests: 0 picks a free port) listens there instead of the setting's port,
 * and Settings shows the address.
 * Stops cleanly on SIGINT/SIGTERM. Exit code 2 for bad flags, 1 when it cannot start, and 1
 * with one line saying where it runs when OnAir Desk already runs on the data folder
 * (instance-lock.ts, shared with the desktop app).
 *
 * With `ONAIR_START_TIMING=1` it also writes, once the address is printed, one stderr line
 * `start-timing {...}`: milliseconds since this process started (performance.now()) at each
 * step of the start, for `npm run bench -- start` (bench/start.ts).
 */
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDeskCore } from '../services/app/desk-core';
import { openSandboxWorkspace, sandboxInfoFromEnv } from '../services/workspaces/workspace';
import { startBrowserHost } from './browser-host';
import { supervisePanelApi } from './panel-api';
import { sweepSpool } from './spool';
import { queuedPaths } from '../services/uploads/upload-store';
import { createLog } from './log';
import { createKeychain } from '../secrets/keychain';
import { startHostNetwork } from './host-network';
import {
  acquireInstanceLock,
  folderLanguage,
  whereRunning,
  type InstanceLock,
} from './instance-lock';

let lock: InstanceLock | null = null;

/** Milliseconds since the process started at each step of the start (ONAIR_START_TIMING). */
const marks: Record<string, number> = {};
const mark = (step: string): void => {
  marks[step] = Math.round(performance.now());
};

async function main(): Promise<void> {
  // Node's start and every module of the graph loaded (ES imports run before this line).
  mark('modulesLoaded');
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '5183' },
        'data-dir': { type: 'string' },
        json: { type: 'boolean', default: false },
        seed: { type: 'string', default: '1' },
        'no-rate-limit': { type: 'boolean', default: false },
        'panel-port': { type: 'string' },
        // The built renderer to serve; `out/renderer` unless a test serves its own page.
        'renderer-dir': { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`onair-desk: ${(error as Error).message}\n`);
    process.exit(2);
  }
  const port = Number(values.port);
  const seed = Number(values.seed);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fatal(2, `--port must be 0..65535, got "${values.port}".`);
  const panelPort = values['panel-port'] === undefined ? undefined : Number(values['panel-port']);
  if (
    panelPort !== undefined &&
    (!Number.isInteger(panelPort) || panelPort < 0 || panelPort > 65535)
  )
    fatal(2, `--panel-port must be 0..65535, got "${values['panel-port']}".`);
  if (!Number.isInteger(seed)) fatal(2, `--seed must be a whole number, got "${values.seed}".`);

  const dataDir = resolve(values['data-dir'] ?? join(homedir(), '.config', 'onair-desk'));
  await mkdir(dataDir, { recursive: true });
  const taken = await acquireInstanceLock({ dataDir, kind: 'browser' });
  if (!taken.ok) {
    const systemLocale = Intl.DateTimeFormat().resolvedOptions().locale;
    fatal(1, whereRunning(taken.holder, await folderLanguage(dataDir, systemLocale)));
  }
  lock = taken.lock;
  const log = await createLog(dataDir);
  mark('lockAndLog');
  if (taken.tookOverFrom)
    log.write(`took over the data folder's lock from process ${taken.tookOverFrom.pid}, gone`);
  // Before anything connects: HTTPS_PROXY / HTTP_PROXY / NO_PROXY and the trusted CAs.
  const network = await startHostNetwork({ env: process.env, log: (m) => log.write(m) });
  mark('network');
  const sandboxInfo = sandboxInfoFromEnv(process.env);
  const core = await createDeskCore({
    dataDir,
    secrets: createKeychain(),
    openSandbox: () =>
      openSandboxWorkspace({
        ...(sandboxInfo ? { sandboxInfo } : {}),
        seed,
        rateLimit: !values['no-rate-limit'],
      }),
    log: (m) => log.write(m),
    // What the diagnostics archive says of the app (npm sets the version) and of its network.
    about: {
      appVersion: process.env.npm_package_version ?? 'unknown',
      network: network.network.description,
    },
  });
  mark('deskCore');
  const rendererDir = values['renderer-dir']
    ? resolve(values['renderer-dir'])
    : fileURLToPath(new URL('../../out/renderer', import.meta.url));
  const spoolDir = join(dataDir, 'dropped');
  const host = await startBrowserHost({
    core,
    rendererDir,
    port,
    spoolDir,
  });
  mark('hostListening');
  const panelApi = supervisePanelApi({
    core,
    ...(panelPort === undefined ? {} : { portOverride: panelPort }),
    log: (m) => log.write(m),
  });
  log.write(`browser host listening on 127.0.0.1:${host.port}`);
  await taken.lock.setAddress(`http://127.0.0.1:${host.port}/`);
  // Copies of dropped files no queue names any more (cleared, or the drop was discarded).
  const sweep = () =>
    void queuedPaths(dataDir)
      .then((keep) => sweepSpool(spoolDir, keep))
      .then((removed) => {
        if (removed > 0) log.write(`removed ${removed} dropped-file copies no upload needs`);
      });
  sweep();
  setInterval(sweep, 10 * 60_000).unref();

  if (values.json) process.stdout.write(`${JSON.stringify({ url: host.url })}\n`);
  else {
    process.stdout.write(
      `OnAir Desk is running (sandbox platform built in).\n` +
        `Open this address in your browser (it carries this launch's secret; do not share it):\n\n  ${host.url}\n\n` +
        `Press Ctrl+C to stop.\n`,
    );
  }
  mark('addressPrinted');
  if (process.env.ONAIR_START_TIMING === '1') {
    // CPU time (user + system) this process spent to get here: what a busy machine cannot inflate.
    const cpu = process.cpuUsage();
    marks.cpuMs = Math.round((cpu.user + cpu.system) / 1000);
    process.stderr.write(`start-timing ${JSON.stringify(marks)}\n`);
  }

  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    void panelApi
      .close()
      .then(() => host.close())
      .then(() => core.dispose())
      .then(() => network.close())
      .then(() => taken.lock.release())
      .then(() => log.close())
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function fatal(code: number, message: string): never {
  process.stderr.write(`onair-desk: ${message}\n`);
  process.exit(code);
}

main().catch(async (error: unknown) => {
  await lock?.release();
  fatal(1, error instanceof Error ? error.message : String(error));
});
