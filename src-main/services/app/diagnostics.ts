/**
 * "Save diagnostics": one zip archive (fflate) in the data folder that an operator sends to
 * support, with what support asks for first:
 * - `about.json`: app, Electron, Chromium, Node and OS versions, the locale, the network
 *   (proxy mode, proxies without credentials, trusted certificate stores);
 * - `settings/`: settings.json, accounts.json (names, base URLs, service account keys: no
 *   tokens), workspaces.json, downloads.json, with any secret-named field removed;
 * - `budget.json`: the open workspace's schedulers (calls in the last minute, queues, 429s);
 * - `refusals.json`: the last platform refusals (platform/refusals.ts);
 * - `logs/`: every file of the data folder's `logs/`;
 * - `audit.jsonl`: the open workspace's newest {@link auditRecordsKept} audit records
 *   (core/audit-log.ts `recent()`), one JSON record a line, oldest first.
 * No secret leaves: the upload queue (it holds one-time upload URLs) is not taken, every
 * file passes `redact` (secrets/redact.ts), and every token the keychain holds for an
 * account is replaced wherever it appears, whatever its form.
 */
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { arch, platform, release, version as osVersion } from 'node:os';
import { dirname, join } from 'node:path';
import { listCrashDumps } from './crash-dumps';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { NetworkDescription } from '../../platform/network';
import { recentRefusals } from '../../platform/refusals';
import { redact } from '../../secrets/redact';
import type { BudgetSnapshot } from '../../shared/model';

/** Audit records the archive keeps, newest. */
export const auditRecordsKept = 200;

/** The app's settings files the archive takes, as they are in the data folder. */
const settingsFiles = ['settings.json', 'accounts.json', 'workspaces.json', 'downloads.json'];

/** Field names whose values are never kept, at any depth of a settings file. */
const secretField = /token|secret|password|passwd|passphrase|credential|stream_?key|user_?key/i;

/** What the archive is made of; functions, so it is read when the archive is made. */
export interface DiagnosticsSources {
  dataDir: string;
  /** The app's version (Electron's `app.getVersion()`, package.json's in the browser host). */
  appVersion: string;
  /** The host's network in words; null when the host installed none. */
  network: NetworkDescription | null;
  /** The open workspace (id, kind, name) and its budgets. */
  workspace: () => { id: string; kind: string; name: string };
  budgets: () => BudgetSnapshot[];
  /** The newest audit records, at most `limit`, oldest first. */
  audit: (limit: number) => Promise<readonly unknown[]>;
  /** Every secret value main knows (the keychain's tokens): scrubbed from every file. */
  secrets: () => Promise<string[]>;
  /** The clock, epoch ms UTC (the archive's name and `about.json`). */
  now: () => number;
}

/** Where the archive was written. */
export interface SavedDiagnostics {
  /** Absolute path of the zip archive (the data folder's `diagnostics/` unless one was given). */
  path: string;
  /** Its size, bytes. */
  bytes: number;
  /** The paths inside it. */
  files: string[];
}

/**
 * Writes the archive (to a temp name beside it, renamed when complete).
 * @param target where to write it, an absolute path the operator chose (the desktop app's
 *   save dialog); by default `<data folder>/diagnostics/onair-desk-diagnostics-<UTC stamp>.zip`.
 * @throws Error from the file system when the archive cannot be written; a source that
 *   cannot be read (no logs yet, a damaged settings file) is left out, never fatal.
 */
export async function saveDiagnostics(
  sources: DiagnosticsSources,
  target?: string,
): Promise<SavedDiagnostics> {
  const now = sources.now();
  const secrets = (await sources.secrets().catch(() => [])).filter((s) => s.length >= 8);
  const clean = (text: string) => redact(scrub(text, secrets));
  const files: Record<string, string> = {};

  files['about.json'] = json(about(sources, now));
  for (const name of settingsFiles) {
    const text = await readFile(join(sources.dataDir, name), 'utf8').catch(() => null);
    if (text !== null) files[`settings/${name}`] = withoutSecretFields(text);
  }
  files['budget.json'] = json({ workspace: sources.workspace(), budgets: sources.budgets() });
  files['refusals.json'] = json(recentRefusals());
  for (const name of await filesIn(join(sources.dataDir, 'logs'))) {
    files[`logs/${name}`] = await readFile(join(sources.dataDir, 'logs', name), 'utf8');
  }
  const audit = await sources.audit(auditRecordsKept).catch(() => []);
  files['audit.jsonl'] = audit.map((record) => `${JSON.stringify(record)}\n`).join('');
  // Names, sizes and times of the local crash dumps; never their contents (crash-dumps.ts).
  files['crash-dumps.json'] = json(await listCrashDumps(sources.dataDir));
  files['README.txt'] = readme(now);

  const zippable: Zippable = {};
  for (const [path, text] of Object.entries(files)) zippable[path] = strToU8(clean(text));
  const archive = zipSync(zippable, { level: 6, mtime: new Date(now) });
  const path =
    target ?? join(sources.dataDir, 'diagnostics', `onair-desk-diagnostics-${stamp(now)}.zip`);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(`${path}.part`, archive, { mode: 0o600 });
  await rename(`${path}.part`, path);
  return { path, bytes: archive.byteLength, files: Object.keys(files).sort() };
}

function about(sources: DiagnosticsSources, now: number) {
  const versions = process.versions as NodeJS.ProcessVersions & {
    electron?: string;
    chrome?: string;
  };
  return {
    savedAt: new Date(now).toISOString(),
    app: sources.appVersion,
    electron: versions.electron ?? null,
    chrome: versions.chrome ?? null,
    node: versions.node,
    v8: versions.v8,
    os: { platform: platform(), release: release(), version: safe(osVersion), arch: arch() },
    locale: Intl.DateTimeFormat().resolvedOptions().locale,
    network: sources.network,
  };
}

/** A settings file's JSON with every secret-named field dropped (text as is when not JSON). */
function withoutSecretFields(text: string): string {
  try {
    return json(prune(JSON.parse(text)));
  } catch {
    return text;
  }
}

function prune(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(prune);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !secretField.test(key))
      .map(([key, inner]) => [key, prune(inner)]),
  );
}

/** `text` with each of `secrets` replaced, literally and as it appears URL-encoded. */
function scrub(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) {
    out = out.split(secret).join('[redacted]');
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) out = out.split(encoded).join('[redacted]');
  }
  return out;
}

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function safe(read: () => string): string | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/** `YYYYMMDDTHHMMSSZ` of `ms` (UTC). */
function stamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

function readme(now: number): string {
  return [
    `OnAir Desk diagnostics, saved ${new Date(now).toISOString()} (UTC).`,
    '',
    'about.json      app, Electron, Node and OS versions; the network (proxy, trusted CAs)',
    'settings/       the settings files, without tokens or passwords',
    "budget.json     the open workspace's API budget (schedulers)",
    'refusals.json   the last platform refusals (status, message, path without query)',
    'logs/           the main-process log',
    'crash-dumps.json the local crash dumps: names, sizes and times (not their contents)',
    `audit.jsonl     the open workspace's newest ${auditRecordsKept} audit records`,
    '',
    'Tokens never enter this archive: every file was redacted before it was written.',
    '',
  ].join('\n');
}
