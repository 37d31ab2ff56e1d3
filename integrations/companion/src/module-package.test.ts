/**
 * The module package `npm run companion:build` writes next to the module folder
 * (`onair-desk-<version>.tgz`), taken the way Companion 4.2+ takes it on *Modules → Import module
 * package* (bitfocus/companion, companion/lib/Instance/InstalledModulesManager.ts,
 * `installModuleTar`): the first entry of the gunzipped tar is the root folder, the manifest is
 * `<root>/companion/manifest.json`, and the whole is extracted with the root stripped into
 * `<id>-<version>/` of Companion's modules folder. Unpacked that way in a temp folder with no
 * node_modules above it, as on a show machine without this clone: the manifest names the bundled
 * @companion-module/base's version (Companion reads it there for an imported module), and main.js
 * starts and registers with that version without anything else installed.
 */
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { access, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateManifest, type ModuleManifest } from '@companion-module/base';
import { extract, list } from 'tar';

const require = createRequire(import.meta.url);
const baseVersion = (
  JSON.parse(await readFile(require.resolve('@companion-module/base/package.json'), 'utf8')) as {
    version: string;
  }
).version;
const source = JSON.parse(
  await readFile(join(import.meta.dirname, '../companion/manifest.json'), 'utf8'),
) as ModuleManifest;

let out: string;
let packageFile: string;
/** Where Companion would put it: `<modules folder>/<id>-<version>`. */
let installed: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'onair-companion-package-'));
  await promisify(execFile)(process.execPath, [
    join(import.meta.dirname, '../build.mjs'),
    '--out',
    join(out, 'build'),
  ]);
  packageFile = join(out, 'build', `${source.id}-${source.version}.tgz`);
  installed = join(out, 'modules', `${source.id}-${source.version}`);
}, 60_000);

afterAll(async () => {
  child?.kill();
  await rm(out, { recursive: true, force: true });
});

describe('the module package, imported as Companion imports it', () => {
  it('is one folder named after the module id, first in the archive, with the manifest in it', async () => {
    const entries: { path: string; type: string }[] = [];
    await list({
      file: packageFile,
      onReadEntry: (e) => entries.push({ path: e.path, type: e.type }),
    });
    expect(entries[0]).toEqual({ path: 'onair-desk/', type: 'Directory' });
    expect(entries.map((e) => e.path).sort()).toEqual([
      'onair-desk/',
      'onair-desk/companion/',
      'onair-desk/companion/HELP.md',
      'onair-desk/companion/manifest.json',
      'onair-desk/main.js',
      'onair-desk/main.js.map',
      'onair-desk/package.json',
    ]);
  });

  it('unpacks into a folder of its own whose manifest names the bundled library’s API version', async () => {
    await mkdir(installed, { recursive: true });
    await extract({ file: packageFile, cwd: installed, strip: 1 });
    const manifest = JSON.parse(
      await readFile(join(installed, 'companion/manifest.json'), 'utf8'),
    ) as ModuleManifest;
    expect(() => validateManifest(manifest, false)).not.toThrow();
    expect(manifest.id).toBe(source.id);
    expect(manifest.version).toBe(source.version);
    expect(manifest.runtime.apiVersion).toBe(baseVersion);
    // Companion's entrypoint: the manifest's, relative to companion/ (ProcessManager.ts).
    await access(join(installed, 'companion', manifest.runtime.entrypoint));
    await access(join(installed, 'companion/HELP.md'));
    // Nothing above the folder supplies the library: what runs below is the bundle alone.
    expect(() =>
      createRequire(join(installed, 'main.js')).resolve('@companion-module/base/package.json'),
    ).toThrow();
  });

  it('starts from there and registers with that API version', async () => {
    const registered = new Promise<unknown>((resolve, reject) => {
      child = fork(join(installed, 'main.js'), [], {
        cwd: installed,
        execArgv: [],
        silent: true,
        env: {
          PATH: process.env.PATH ?? '',
          MODULE_MANIFEST: join(installed, 'companion/manifest.json'),
          CONNECTION_ID: 'onair-desk-1',
          VERIFICATION_TOKEN: 'companion-test',
        },
      });
      child.on('message', (raw) => {
        const message = raw as { name?: string; payload?: string };
        if (message.name === 'register') resolve(JSON.parse(message.payload ?? '{}'));
      });
      child.on('exit', (code) => reject(new Error(`main.js exited (${code}) before registering`)));
    });
    await expect(registered).resolves.toEqual({
      apiVersion: baseVersion,
      connectionId: 'onair-desk-1',
      verificationToken: 'companion-test',
    });
  }, 15_000);
});
