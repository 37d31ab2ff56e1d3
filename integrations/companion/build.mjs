/**
 * Builds the Companion module into a folder Companion can load (docs/admin/companion.md):
 * `out/companion/onair-desk/` with `main.js` (src/main.ts and @companion-module/base bundled
 * into one CommonJS file for Companion's Node 22 runtime), `package.json`, and `companion/`:
 * manifest.json with `runtime.apiVersion` set to the bundled @companion-module/base's version
 * (as Companion's own module tools do; Companion reads it for an installed package, but for a
 * developer module the version of the @companion-module/base in a node_modules above the folder,
 * so the output stays inside this clone: docs/admin/companion.md, "Installing it into
 * Companion"), and the help page (integrations/companion/companion/HELP.md). Point Companion's developer modules folder at
 * `out/companion`. Uses esbuild, which the root install already has (through tsx).
 *
 * Usage: `npm run companion:build [-- --out <folder>]`.
 */
import { build } from 'esbuild';
import { mkdir, readFile, rm, writeFile, copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
console.log(`Companion module ${manifest.id} ${manifest.version} (base ${base.version}) → ${out}`);
