/**
 * Builds the Companion module (docs/admin/companion.md, "Installing it into Companion"):
 *
 * - `out/companion/onair-desk/` with `main.js` (src/main.ts and @companion-module/base bundled
 *   into one CommonJS file for Companion's Node 22 runtime), `package.json`, and `companion/`:
 *   manifest.json with `runtime.apiVersion` set to the bundled @companion-module/base's version
 *   (as Companion's own module tools do), and the help page (integrations/companion/companion/HELP.md).
 *   A developer points Companion's *Developer modules path* at `out/companion`; for such a
 *   module Companion reads the API version from the @companion-module/base in a node_modules
 *   above the folder, not from the manifest, so that use needs the folder inside this clone.
 * - `out/companion/onair-desk-<version>.tgz`: the same folder as a module package, for
 *   *Modules → Import module package* on a show machine without this clone. Companion reads
 *   `runtime.apiVersion` from the manifest for an imported module, so the package stands alone.
 *
 * The package is what `companion-module-build` writes (bitfocus/companion-module-tools v3,
 * src/scripts/lib/build-util.ts, `buildPackage`): a gzipped tar whose first entry is one folder
 * named after the manifest id, holding `companion/manifest.json`, `main.js` and `package.json`;
 * the file named `<id>-<version>.tgz`, both names sanitised by its `toSanitizedDirname`. (Its
 * v2 line, scripts/lib/build-util.js, names that folder `pkg`; Companion strips it either way.)
 * Companion's import (bitfocus/companion, companion/lib/Instance/InstalledModulesManager.ts,
 * `installModuleTar` and `extractManifestFromTar`, the same at v4.2.0 and v5.0.3) gunzips it,
 * takes the first entry as the root folder, looks for `<root>/companion/manifest.json`, needs a
 * semver `version` in it, and extracts with the root stripped into `<id>-<version>/` of its
 * modules folder. Uses esbuild, which the root install already has (through tsx), and `tar`
 * (node-tar, the library companion-module-build uses).
 *
 * Usage: `npm run companion:build [-- --out <folder>]` (the folder and the package go there).
 */
import { build } from 'esbuild';
import { mkdir, readFile, rm, writeFile, copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { create as createTar } from 'tar';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const outFlag = process.argv.indexOf('--out');
const outRoot =
  outFlag > 0 ? resolve(process.argv[outFlag + 1] ?? '') : join(root, 'out/companion');
const out = join(outRoot, 'onair-desk');

const require = createRequire(import.meta.url);
const base = JSON.parse(
  await readFile(require.resolve('@companion-module/base/package.json'), 'utf8'),
);
const manifest = JSON.parse(await readFile(join(here, 'companion/manifest.json'), 'utf8'));
delete manifest.$schema;
manifest.runtime.apiVersion = base.version;

await rm(out, { recursive: true, force: true });
await mkdir(join(out, 'companion'), { recursive: true });
await build({
  entryPoints: [join(here, 'src/main.ts')],
  outfile: join(out, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
});
await writeFile(join(out, 'companion/manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
await copyFile(join(here, 'companion/HELP.md'), join(out, 'companion/HELP.md'));
// CommonJS whatever the folder above says (this repository's package.json is an ES module).
await writeFile(
  join(out, 'package.json'),
  `${JSON.stringify({ name: manifest.id, version: manifest.version, type: 'commonjs', main: 'main.js' }, null, 2)}\n`,
);

/** companion-module-build's `toSanitizedDirname`, for the folder and the file name. */
const sanitized = (name) => name.replace(/[^a-zA-Z0-9-.]/g, '-').replace(/[-+]/g, '-');
if (sanitized(manifest.id) !== basename(out))
  throw new Error(`the package's folder must be named after the manifest id ${manifest.id}`);
const tgz = join(outRoot, `${sanitized(`${manifest.id}-${manifest.version}`)}.tgz`);
await rm(tgz, { force: true });
await createTar({ gzip: true, cwd: outRoot, file: tgz }, [basename(out)]);
console.log(`Companion module ${manifest.id} ${manifest.version} (base ${base.version}) → ${out}`);
console.log(`Module package for Companion's "Import module package" → ${tgz}`);
