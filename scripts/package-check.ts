/**
 * `npm run package:check`: builds exactly what goes into OnAir Desk's installers and checks it,
 * on a machine without the Electron runtime (docs/dev/releasing.md, "Installers").
 *
 * 1. `electron-vite build`: the built main, preload and renderer (`out/`).
 * 2. `electron-builder --dir` with electron-builder.yml, into a temporary folder, with
 *    `electronDist` pointed at a stub folder standing in for the runtime (an empty `electron`
 *    file and the two locales the configuration keeps) and no native rebuild (that needs the
 *    runtime's headers). electron-builder itself chooses the files and the production
 *    dependencies and writes `resources/app.asar` and `resources/app.asar.unpacked`, as it
 *    does for the installers; only the runtime beside them is missing.
 * 3. {@link checkPackage} on that `resources` folder: one line per broken rule, exit 1; when
 *    it passes, {@link loadPackagedModules}: the main's chunks loaded by plain node from the
 *    extracted package.
 * 4. The hardening (package-config-check.ts): electron-builder.yml's fuses and Windows
 *    publisher name (`checkBuilderConfig`), and the fuse wire electron-builder flipped in the
 *    packaged stand-in binary, which carries Electron's shipped wire (`checkFuseWire`).
 *
 * `--no-build` skips step 1 (the CI step that just built). The checker itself is exported so
 * `package-check.test.ts` can show each rule failing on a package that breaks it.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { extractAll, extractFile, getRawHeader } from '@electron/asar';
import { parse } from 'yaml';
import { checkBuilderConfig, checkFuseWire, stubElectronBinary } from './package-config-check';
import { soundCueFiles } from '../src-main/shared/sound-cues';

/**
 * The package's size limit, bytes: app.asar plus app.asar.unpacked. Measured 2026-11-26:
 * 18.0 MB (app.asar 17.9 MB, keytar unpacked 0.14 MB). 22 MB leaves about 20 % for ordinary
 * growth, and still fails on the usual accidents: one devDependency tree (Vite, Svelte,
 * electron-builder: tens of MB each) or the renderer's source maps (about 10 MB).
 */
export const packageSizeLimitBytes = 22_000_000;

/**
 * Files the app opens at run time, relative to the app's root (inside app.asar): the main
 * process (package.json "main", checked separately), the preload (src-main/index.ts loads
 * `../preload/preload.cjs` next to the main bundle), the renderer page, and the OpenAPI
 * documents the sandbox reads (src-main/sandbox/kernel/openapi.ts: the build's JSON copies beside
 * the main bundle), and the example scenarios the Rehearsal view offers
 * (src-main/sandbox/rehearsal/scenario-desk.ts: `resources/rehearsals/` two folders up from the bundle),
 * and the sound cues' licence (resources/sounds/LICENSE; the sounds themselves are in the
 * renderer's assets, {@link soundAssetsMissing}).
 */
export const requiredEntries = [
  'package.json',
  'out/preload/preload.cjs',
  'out/renderer/index.html',
  'out/main/openapi/live-v1.json',
  'out/main/openapi/vod-v3.json',
  'resources/rehearsals/two-hour-event.yaml',
  'resources/sounds/LICENSE',
] as const;

/**
 * The sound cues the page plays (shared/sound-cues.ts, resources/sounds/): Vite copies each into
 * the built renderer as `out/renderer/assets/<name>-<hash>.wav` (src-renderer/lib/sound-files.ts).
 * Answers the files of `paths` (the package's) that have no such copy, by their source name.
 */
export function soundAssetsMissing(paths: Iterable<string>): string[] {
  const all = [...paths];
  return Object.values(soundCueFiles).filter((file) => {
    const prefix = `out/renderer/assets/${file.replace(/\.wav$/, '')}-`;
    return !all.some(
      (p) => p.startsWith(prefix) && p.endsWith('.wav') && !p.includes('/', prefix.length),
    );
  });
}

/** keytar's native module (secrets/keychain.ts); it must sit in app.asar.unpacked. */
export const keytarNative = 'node_modules/keytar/build/Release/keytar.node';

/** One file of the package: its path inside the app (POSIX), size in bytes, and where it is. */
export interface PackagedFile {
  path: string;
  size: number;
  /** True when the file is in app.asar.unpacked (the header marks it `unpacked`). */
  unpacked: boolean;
}

/** What {@link checkPackage} found. `failures` is empty when every rule holds. */
export interface PackageReport {
  failures: string[];
  files: number;
  asarBytes: number;
  unpackedBytes: number;
  totalBytes: number;
  sizeLimitBytes: number;
}

/** Where to look and what to hold the package to. */
export interface PackageCheckOptions {
  /** The packaged app's `resources` folder (holding app.asar and app.asar.unpacked). */
  resourcesDir: string;
  /** The project's package-lock.json (lockfile v3): tells production from dev packages. */
  lockfile: string;
  /** Defaults to {@link packageSizeLimitBytes}. */
  sizeLimitBytes?: number;
}

interface HeaderDirectory {
  files: Record<string, HeaderNode>;
}
interface HeaderNode {
  files?: Record<string, HeaderNode>;
  size?: number;
  unpacked?: boolean;
  link?: string;
}

/** Every file in the asar header (directories walked, links skipped), paths POSIX. */
function listHeader(directory: HeaderDirectory, prefix = ''): PackagedFile[] {
  const found: PackagedFile[] = [];
  for (const [name, node] of Object.entries(directory.files)) {
    const entry = prefix === '' ? name : `${prefix}/${name}`;
    if (node.files !== undefined) found.push(...listHeader({ files: node.files }, entry));
    else if (node.link === undefined) {
      found.push({ path: entry, size: node.size ?? 0, unpacked: node.unpacked === true });
    }
  }
  return found;
}

/** Total bytes of the files under `dir` (0 when it does not exist). */
function folderBytes(dir: string): number {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

interface LockPackage {
  name?: string;
  version?: string;
  dev?: boolean;
}

/** A list of at most 5 paths, then how many more. */
function some(paths: string[]): string {
  const shown = paths.slice(0, 5).join(', ');
  return paths.length > 5 ? `${shown} (+${paths.length - 5} more)` : shown;
}

const testFile = /(^|\/)(__tests__|__mocks__)\/|\.(test|spec)\.[cm]?[jt]sx?$/;
const packageRoot = /^((?:node_modules\/(?:@[^/]+\/)?[^/]+\/)+)package\.json$/;
/**
 * Package specifiers a bundle imports: a static `import ... from "x"` / `import "x"` at the
 * start of a line (as Rolldown writes them), `import("x")`, `require("x")`.
 */
const importSpecifier =
  /(?:^import\s(?:[^;]*?\sfrom\s*)?|\bimport\(\s*|\brequire\(\s*)["']([@a-z0-9][\w.@/-]*)["']/gim;

/**
 * Checks a packaged app's `resources` folder against the package rules (docs/dev/releasing.md,
 * "Installers"): entry files present, keytar's `.node` (every `.node`) outside the asar, no
 * dev-only packages (package-lock.json `dev: true`), no test files, no source maps (files or
 * inline), every package the built main imports present, total size under the limit.
 * Reads only; never throws for a broken package (a missing app.asar is one failure).
 */
export function checkPackage(options: PackageCheckOptions): PackageReport {
  const sizeLimitBytes = options.sizeLimitBytes ?? packageSizeLimitBytes;
  const asar = path.join(options.resourcesDir, 'app.asar');
  const unpackedDir = `${asar}.unpacked`;
  const empty = { files: 0, asarBytes: 0, unpackedBytes: 0, totalBytes: 0, sizeLimitBytes };
  if (!existsSync(asar)) return { failures: [`no app.asar in ${options.resourcesDir}`], ...empty };

  const failures: string[] = [];
  const files = listHeader(getRawHeader(asar).header);
  const byPath = new Map(files.map((file) => [file.path, file]));
  const read = (file: string): string => extractFile(asar, file).toString('utf8');

  // Entry files.
  const missing: string[] = requiredEntries.filter((entry) => !byPath.has(entry));
  if (byPath.has('package.json')) {
    const manifest = JSON.parse(read('package.json')) as { main?: string };
    const main = manifest.main?.replace(/^\.\//, '');
    if (main === undefined) failures.push('package.json has no "main"');
    else if (!byPath.has(main)) missing.push(`${main} (package.json "main")`);
    else {
      // The main bundle and the chunks beside it.
      const folder = path.posix.dirname(main);
      const bundles = files.filter(
        (file) => path.posix.dirname(file.path) === folder && /\.[cm]?js$/.test(file.path),
      );
      failures.push(
        ...checkImports(bundles.map((file) => read(file.path)).join('\n'), main, byPath),
      );
    }
  }
  if (byPath.has('out/renderer/index.html')) {
    const html = read('out/renderer/index.html');
    for (const match of html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+)"/g)) {
      const asset = `out/renderer/${match[1] ?? ''}`;
      if (!byPath.has(asset)) missing.push(`${asset} (index.html)`);
    }
  }
  for (const sound of soundAssetsMissing(byPath.keys()))
    missing.push(`out/renderer/assets/${sound.replace(/\.wav$/, '')}-*.wav (resources/sounds)`);
  if (missing.length > 0) failures.push(`entry files missing: ${some(missing)}`);

  // Native modules outside the asar.
  const natives = files.filter((file) => file.path.endsWith('.node'));
  const packed = natives.filter((file) => !file.unpacked);
  if (packed.length > 0) {
    failures.push(
      `native modules inside app.asar (asarUnpack them): ${some(packed.map((f) => f.path))}`,
    );
  }
  const absent = natives.filter(
    (file) => file.unpacked && !existsSync(path.join(unpackedDir, file.path)),
  );
  if (absent.length > 0) {
    failures.push(
      `native modules marked unpacked but not in app.asar.unpacked: ${some(absent.map((f) => f.path))}`,
    );
  }
  if (!byPath.has(keytarNative)) {
    failures.push(
      `keytar's native module is not in the package (${keytarNative}): was keytar built (scripts/setup.sh)?`,
    );
  }

  // Production packages only. electron-builder lays node_modules out again (its own hoisting),
  // so a package is known by name and version: it may ship when package-lock.json has that
  // name at that version outside the dev-only tree (no `dev: true`).
  const lock = JSON.parse(readFileSync(options.lockfile, 'utf8')) as {
    packages?: Record<string, LockPackage>;
  };
  const production = new Set<string>();
  const development = new Set<string>();
  for (const [dir, entry] of Object.entries(lock.packages ?? {})) {
    const name = entry.name ?? dir.slice(dir.lastIndexOf('node_modules/') + 'node_modules/'.length);
    if (dir === '' || entry.version === undefined) continue;
    (entry.dev === true ? development : production).add(`${name}@${entry.version}`);
  }
  const devOnly: string[] = [];
  const unknown: string[] = [];
  for (const file of files) {
    const dir = packageRoot.exec(file.path)?.[1]?.replace(/\/$/, '');
    if (dir === undefined) continue;
    const manifest = JSON.parse(read(file.path)) as { name?: string; version?: string };
    const id = `${manifest.name ?? '?'}@${manifest.version ?? '?'}`;
    if (production.has(id)) continue;
    if (development.has(id)) devOnly.push(`${id} (${dir})`);
    else unknown.push(`${id} (${dir})`);
  }
  if (devOnly.length > 0) failures.push(`dev dependencies in the package: ${some(devOnly)}`);
  if (unknown.length > 0) failures.push(`packages not in package-lock.json: ${some(unknown)}`);

  // No tests, no source maps.
  const tests = files.filter((file) => testFile.test(file.path)).map((file) => file.path);
  if (tests.length > 0) failures.push(`test files in the package: ${some(tests)}`);
  const maps = files.filter((file) => file.path.endsWith('.map')).map((file) => file.path);
  const inline = files
    .filter((file) => /^out\/.*\.[cm]?js$/.test(file.path) && !file.unpacked)
    .filter((file) => read(file.path).includes('sourceMappingURL=data:'))
    .map((file) => `${file.path} (inline)`);
  if (maps.length + inline.length > 0) {
    failures.push(`source maps in the package: ${some([...maps, ...inline])}`);
  }

  // Size.
  const asarBytes = statSync(asar).size;
  const unpackedBytes = folderBytes(unpackedDir);
  const totalBytes = asarBytes + unpackedBytes;
  if (totalBytes > sizeLimitBytes) {
    failures.push(
      `package is ${megabytes(totalBytes)}, over the ${megabytes(sizeLimitBytes)} limit`,
    );
  }
  return { failures, files: files.length, asarBytes, unpackedBytes, totalBytes, sizeLimitBytes };
}

/**
 * The packages the built main (its bundle and chunks, `source`) imports that no package in the
 * app provides (electron and Node's builtins aside), as one failure line naming `main`.
 */
function checkImports(source: string, main: string, byPath: Map<string, PackagedFile>): string[] {
  const builtins = new Set(builtinModules);
  const unresolved = new Set<string>();
  for (const match of source.matchAll(importSpecifier)) {
    const specifier = match[1] ?? '';
    if (specifier.startsWith('node:') || specifier === 'electron') continue;
    const name = specifier.startsWith('@')
      ? specifier.split('/').slice(0, 2).join('/')
      : (specifier.split('/')[0] ?? specifier);
    if (builtins.has(name)) continue;
    if (!byPath.has(`node_modules/${name}/package.json`)) unresolved.add(name);
  }
  return unresolved.size > 0
    ? [`${main} imports packages the app does not contain: ${some([...unresolved].sort())}`]
    : [];
}

/**
 * Loads the packaged main's modules that need no Electron (its chunks: everything but the
 * entry that imports `electron`) with plain node from a copy of the asar extracted into
 * `workDir`, so their imports resolve against the packaged node_modules only. Catches a
 * dependency electron-builder left out that the import scan cannot see.
 * @returns one failure line, or none.
 */
export function loadPackagedModules(resourcesDir: string, workDir: string): string[] {
  const app = path.join(workDir, 'app');
  extractAll(path.join(resourcesDir, 'app.asar'), app);
  const mainDir = path.join(app, 'out', 'main');
  if (!existsSync(mainDir)) return ['no out/main in the package'];
  const modules = readdirSync(mainDir)
    .filter((name) => /\.[cm]?js$/.test(name))
    .map((name) => path.join(mainDir, name))
    .filter((file) => !/^import [^;]*from\s*["']electron["']/m.test(readFileSync(file, 'utf8')));
  const script = `for (const m of ${JSON.stringify(modules.map((f) => pathToFileURL(f).href))}) await import(m);`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: app,
    encoding: 'utf8',
  });
  if (result.status === 0) return [];
  const reason =
    result.stderr
      .split('\n')
      .find((line) => /Error/.test(line))
      ?.trim() ?? `exit ${result.status ?? result.signal}`;
  return [`the packaged main's modules do not load from the package: ${reason}`];
}

/** Bytes as decimal megabytes, one decimal (`17.7 MB`); under 100 kB, in bytes. */
export function megabytes(bytes: number): string {
  if (bytes < 100_000) return `${bytes} bytes`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Runs a build tool of node_modules/.bin from the repo root, its output on stderr. */
function run(tool: string, args: string[]): void {
  const result = spawnSync(path.join(repoRoot, 'node_modules', '.bin', tool), args, {
    cwd: repoRoot,
    stdio: ['ignore', 2, 2],
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
  });
  if (result.status !== 0) {
    throw new Error(
      `${tool} ${args.join(' ')} failed (exit ${result.status ?? result.signal}); its output is above`,
    );
  }
}

/** Steps 1-3 of the module comment; prints one line per failure, or one OK line. */
function main(): void {
  const began = performance.now();
  if (!process.argv.includes('--no-build')) run('electron-vite', ['build']);
  const work = mkdtempSync(path.join(os.tmpdir(), 'onair-package-'));
  try {
    const stub = path.join(work, 'electron-stub');
    mkdirSync(path.join(stub, 'locales'), { recursive: true });
    for (const file of ['locales/en-US.pak', 'locales/ko.pak']) {
      writeFileSync(path.join(stub, file), '');
    }
    writeFileSync(path.join(stub, 'electron'), stubElectronBinary());
    const configFile = path.join(repoRoot, 'electron-builder.yml');
    const configFailures = checkBuilderConfig(parse(readFileSync(configFile, 'utf8')));
    const output = path.join(work, 'dist');
    run('electron-builder', [
      '--dir',
      '--linux',
      '--config',
      'electron-builder.yml',
      `-c.electronDist=${stub}`,
      '-c.npmRebuild=false',
      `-c.directories.output=${output}`,
    ]);
    const unpacked = readdirSync(output).find((name) => name.endsWith('-unpacked'));
    if (unpacked === undefined)
      throw new Error(`electron-builder wrote no *-unpacked folder in ${output}`);
    const resourcesDir = path.join(output, unpacked, 'resources');
    const report = checkPackage({
      resourcesDir,
      lockfile: path.join(repoRoot, 'package-lock.json'),
    });
    if (report.failures.length === 0)
      report.failures.push(...loadPackagedModules(resourcesDir, work));
    // electron-builder names the Linux binary after `linux.executableName`.
    const binary = path.join(output, unpacked, 'onair-desk');
    report.failures.push(
      ...configFailures.map((line) => `electron-builder.yml: ${line}`),
      ...(existsSync(binary)
        ? checkFuseWire(readFileSync(binary), 'the packaged onair-desk binary')
        : [`no packaged binary at ${binary}`]),
    );
    const seconds = ((performance.now() - began) / 1000).toFixed(1);
    for (const failure of report.failures) console.error(`package:check: FAIL ${failure}`);
    if (report.failures.length > 0) {
      process.exitCode = 1;
      return;
    }
    console.log(
      `package:check: OK ${report.files} files, ${megabytes(report.totalBytes)} of ${megabytes(report.sizeLimitBytes)} ` +
        `(app.asar ${megabytes(report.asarBytes)}, unpacked ${megabytes(report.unpackedBytes)}), ${seconds} s`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  try {
    main();
  } catch (error: unknown) {
    console.error(`package:check: FAIL ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
