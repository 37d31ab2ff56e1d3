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
 *
 * Studio (services/studio/, off by default):
 * - `--host-studio [--studio-address A] [--studio-port N]` also hosts a studio with TLS on
 *   A:N (127.0.0.1 and 0, a free port, by default); the JSON line then carries
 *   `"studio": { "url", "fingerprint" }`.
 * - `--join <studio url> --fingerprint <sha256> [--pairing-code <code>] [--seat-name <name>]`
 *   serves this browser page as a seat of that hub instead of a desk of its own: no sandbox,
 *   no token; the credential is kept in the OS keychain, so the code is needed once. The JSON
 *   line then carries `"seat": { "hub", "fingerprint", "seatName", "role" }`. The seat also
 *   follows the studio to its backup hub when the hub goes silent (failover-seat.ts).
 * - `--host-studio --backup-of <hub url> --fingerprint <sha256> [--pairing-code <code>]` makes
 *   this desk the studio's backup hub (backup.ts): it pairs with the hub as a seat of role
 *   `backup` (a code of that role; the credential kept in the OS keychain), hosts its own
 *   studio in standby on A:N, follows the hub's heartbeat and takes over once the hub has been
 *   silent for 3 s. Its accounts are its own (same accounts, tokens in its own keychain). The
 *   JSON line then carries `"studio"` (its own address) and `"backupOf": { "hub", "fingerprint" }`.
 */
import { mkdir } from 'node:fs/promises';
import { homedir, hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDeskCore } from '../services/app/desk-core';
import { watchMainFaults } from './main-faults';
import { openSandboxWorkspace, sandboxInfoFromEnv } from '../services/workspaces/workspace';
import { startBrowserHost } from './browser-host';
import { seatWithOwnDesk } from '../services/app/seat-desk';
import { supervisePanelApi } from './panel-api';
import { sweepSpool } from './spool';
import { queuedPaths } from '../services/uploads/upload-store';
import { createLog } from './log';
import { createKeychain } from '../secrets/keychain';
import {
  createStudioHub,
  failoverSeatCore,
  followHub,
  normalizeFingerprint,
  pairSeat,
  rejoinSeat,
  type BackupFollower,
  type FailoverSeatCore,
} from '../services/studio/index';
import type { SeatLink, StudioHosting } from '../shared/studio-model';
import { defaultDataFolder } from './data-folder';
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
        'host-studio': { type: 'boolean', default: false },
        'studio-address': { type: 'string', default: '127.0.0.1' },
        'studio-port': { type: 'string', default: '0' },
        join: { type: 'string' },
        fingerprint: { type: 'string' },
        'pairing-code': { type: 'string' },
        'seat-name': { type: 'string' },
        'backup-of': { type: 'string' },
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
  const studioPort = Number(values['studio-port']);
  if (!Number.isInteger(studioPort) || studioPort < 0 || studioPort > 65535)
    fatal(2, `--studio-port must be 0..65535, got "${values['studio-port']}".`);
  if (values.join !== undefined && values.fingerprint === undefined)
    fatal(2, '--join needs --fingerprint: the SHA-256 the hub shows.');
  if (values['backup-of'] !== undefined && !values['host-studio'])
    fatal(2, '--backup-of needs --host-studio: a backup hosts the studio when it takes over.');
  if (values['backup-of'] !== undefined && values.fingerprint === undefined)
    fatal(2, '--backup-of needs --fingerprint: the SHA-256 the hub shows.');
  if (values.join !== undefined && values['host-studio'])
    fatal(2, '--join and --host-studio cannot go together: a desk is a hub or a seat.');

  // The desktop app's folder too (data-folder.ts), so the instance lock is shared on every OS.
  const dataDir = resolve(
    values['data-dir'] ?? defaultDataFolder(process.platform, process.env, homedir()),
  );
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
  const seat =
    values.join !== undefined
      ? await joinAsSeat({
          url: values.join,
          fingerprint: values.fingerprint ?? '',
          code: values['pairing-code'],
          seatName: values['seat-name'] ?? hostname(),
        })
      : null;
  // A seat runs the hub's commands, and its own desk keeps what is the seat's own (its
  // settings, view state, diagnostics: seat-desk.ts); hardware panels are served by the desk
  // that holds the accounts (a hub or a desk on its own), not by a `--join` seat.
  const openOwn = () =>
    createDeskCore({
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
  const desk = seat === null ? await openOwn() : null;
  const core = desk ?? (seat ? seatWithOwnDesk(seat, openOwn) : null);
  if (core === null) throw new Error('unreachable: a desk or a seat');
  // A fault of this process is logged, journaled and told; the host keeps serving.
  watchMainFaults({
    process,
    tell: () => (desk ? (kind, what) => desk.fault(kind, what) : null),
    log: (m) => log.write(m),
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
  const panelApi =
    desk &&
    supervisePanelApi({
      core: desk,
      ...(panelPort === undefined ? {} : { portOverride: panelPort }),
      log: (m) => log.write(m),
      // The probe tests the proxy the live API's calls go through, not the origin behind it.
      proxyFor: (url) => network.network.proxyFor(url),
    });
  log.write(`browser host listening on 127.0.0.1:${host.port}`);
  let studio: { url: string; fingerprint: string } | null = null;
  let backupOf: { hub: string; fingerprint: string } | null = null;
  let follower: BackupFollower | null = null;
  const backupUrl = values['backup-of'];
  if (backupUrl !== undefined && desk) {
    const fingerprint = values.fingerprint ?? '';
    const secrets = createKeychain();
    const paired =
      values['pairing-code'] !== undefined
        ? await pairSeat({
            url: backupUrl,
            fingerprint,
            code: values['pairing-code'],
            seatName: values['seat-name'] ?? `${hostname()} (backup)`,
            secrets,
          })
        : await rejoinSeat({ url: backupUrl, fingerprint, secrets });
    if (paired.role !== 'backup')
      fatal(1, 'That pairing code is not a backup hub’s: ask the hub for a code of role backup.');
    const own = await createStudioHub({
      dataDir: join(dataDir, 'backup'),
      now: Date.now,
      log: (m) => log.write(m),
      // Seats' files go where this desk's queue and its sweep look (hosts/spool.ts).
      spoolDir,
    });
    own.attach(desk);
    own.setStandby(true);
    const hosting = await own.start(values['studio-address'], studioPort);
    studio = { url: hosting.url, fingerprint: hosting.fingerprint };
    backupOf = { hub: backupUrl, fingerprint: normalizeFingerprint(fingerprint) };
    follower = followHub({
      hubUrl: backupUrl,
      fingerprint,
      credential: paired.credential,
      own,
      // The budget starts as if the last minute were full (the open workspace's schedulers).
      seedBudget: () => desk.assumeFullMinute(),
      now: Date.now,
      log: (m) => log.write(m),
    });
  } else if (values['host-studio']) {
    const hosted = await core.invoke(
      'studio.startHosting',
      { address: values['studio-address'], port: studioPort },
      { clientId: 'browser-cli', via: 'app' },
    );
    if (!hosted.ok) throw new Error(hosted.error.message);
    const { url, fingerprint } = hosted.data as StudioHosting;
    studio = { url, fingerprint };
  }
  await taken.lock.setAddress(`http://127.0.0.1:${host.port}/`);
  // Copies of dropped files no queue names any more (cleared, or the drop was discarded);
  // a seat keeps the ones it queued at its hub or lists as left behind there.
  const sweep = () =>
    void queuedPaths(dataDir)
      .then((keep) => sweepSpool(spoolDir, new Set([...keep, ...(seat?.heldPaths() ?? [])])))
      .then((removed) => {
        if (removed > 0) log.write(`removed ${removed} dropped-file copies no upload needs`);
      });
  sweep();
  setInterval(sweep, 10 * 60_000).unref();

  if (values.json)
    process.stdout.write(
      `${JSON.stringify({
        url: host.url,
        ...(studio ? { studio } : {}),
        ...(backupOf ? { backupOf } : {}),
        ...(seat ? { seat: seatLine(seat.link()) } : {}),
      })}\n`,
    );
  else {
    process.stdout.write(
      `OnAir Desk is running (sandbox platform built in).\n` +
        `Open this address in your browser (it carries this launch's secret; do not share it):\n\n  ${host.url}\n\n` +
        (studio
          ? `Studio hosted at ${studio.url}\n  certificate fingerprint (SHA-256): ${studio.fingerprint}\n\n`
          : '') +
        (backupOf
          ? `Backup hub of ${backupOf.hub}: following its heartbeat; takes over after 3 s of silence.\n\n`
          : '') +
        (seat
          ? `Seat "${seat.link().seatName}" of the studio ${seat.link().hubUrl} (${seat.link().role}).\n\n`
          : '') +
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
    void (follower?.dispose() ?? Promise.resolve())
      .then(() => panelApi?.close())
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

/**
 * This process as a seat of the hub at `url`: pairs with `code` when given (the credential
 * then goes to the OS keychain), or uses the credential kept from an earlier pairing.
 * @throws Error in the operator's words: a wrong fingerprint, a refused code, no credential.
 */
async function joinAsSeat(options: {
  url: string;
  fingerprint: string;
  code: string | undefined;
  seatName: string;
}): Promise<FailoverSeatCore> {
  const secrets = createKeychain();
  const joined =
    options.code !== undefined
      ? await pairSeat({ ...options, code: options.code, secrets })
      : await rejoinSeat({ url: options.url, fingerprint: options.fingerprint, secrets });
  return failoverSeatCore({
    hubUrl: options.url,
    fingerprint: options.fingerprint,
    credential: joined.credential,
    seatName: joined.seatName,
    role: joined.role,
  });
}

/** What the JSON line says of a seat (never its credential). */
function seatLine(link: SeatLink) {
  return {
    hub: link.hubUrl,
    fingerprint: link.fingerprint,
    seatName: link.seatName,
    role: link.role,
  };
}

function fatal(code: number, message: string): never {
  process.stderr.write(`onair-desk: ${message}\n`);
  process.exit(code);
}

main().catch(async (error: unknown) => {
  await lock?.release();
  fatal(1, error instanceof Error ? error.message : String(error));
});
