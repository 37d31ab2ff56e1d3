/**
 * The package checker against real asar archives (@electron/asar, as electron-builder writes
 * them) built in a temp folder: a package that keeps every rule passes, and each rule broken
 * on its own fails with its one line. Production and dev packages are told apart by the
 * project's own package-lock.json.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createPackageWithOptions } from '@electron/asar';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPackage, loadPackagedModules } from './package-check';

const lockfile = fileURLToPath(new URL('../package-lock.json', import.meta.url));
const lock = JSON.parse(readFileSync(lockfile, 'utf8')) as {
  packages: Record<string, { version?: string }>;
};
/** The version package-lock.json has for a top-level package. */
const version = (name: string): string => lock.packages[`node_modules/${name}`]?.version ?? '';

const root = mkdtempSync(path.join(os.tmpdir(), 'package-check-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A package that keeps every rule, as file path → content. */
function goodApp(): Record<string, string> {
  return {
    'package.json': JSON.stringify({ name: 'onair-desk', main: 'out/main/index.js' }),
    'out/main/index.js':
      'import { app } from "electron";\nimport { parse } from "yaml";\nimport path from "node:path";\nconst fs = require("fs");\n',
    'out/preload/preload.cjs': '"use strict";\n',
    'out/renderer/index.html':
      '<script type="module" crossorigin src="./assets/index-1.js"></script><link rel="stylesheet" href="./assets/index-1.css">',
    'out/renderer/assets/index-1.js': 'console.log(1);\n',
    'out/renderer/assets/index-1.css': 'body{}\n',
    'out/main/openapi/live-v1.json': '{}',
    'out/main/openapi/vod-v3.json': '{}',
    'resources/rehearsals/two-hour-event.yaml': 'name: Two-hour event\n',
    'resources/sounds/LICENSE': 'CC0\n',
    'out/renderer/assets/unexpected-off-air-1a.wav': 'RIFF',
    'out/renderer/assets/recording-stopped-1b.wav': 'RIFF',
    'out/renderer/assets/token-refused-1c.wav': 'RIFF',
    'out/renderer/assets/long-pause-1d.wav': 'RIFF',
    'node_modules/yaml/package.json': JSON.stringify({ name: 'yaml', version: version('yaml') }),
    'node_modules/keytar/package.json': JSON.stringify({
      name: 'keytar',
      version: version('keytar'),
    }),
    'node_modules/keytar/build/Release/keytar.node': 'native',
  };
}

let count = 0;
/** Writes `files` to a folder, packs it as resources/app.asar (`.node` unpacked; null: nothing). */
async function pack(
  files: Record<string, string | undefined>,
  unpack: string | null = '*.node',
): Promise<string> {
  count += 1;
  const source = path.join(root, `app-${count}`);
  const resources = path.join(root, `resources-${count}`);
  for (const [file, content] of Object.entries(files)) {
    if (content === undefined) continue;
    mkdirSync(path.dirname(path.join(source, file)), { recursive: true });
    writeFileSync(path.join(source, file), content);
  }
  mkdirSync(resources);
  const archive = await createPackageWithOptions(
    source,
    path.join(resources, 'app.asar'),
    unpack === null ? {} : { unpack },
  );
  // @electron/asar answers once it has called end() on the archive's write stream, not once
  // the bytes are written: on a busy machine the archive could still be short when read.
  await finished(archive);
  return resources;
}

async function failuresOf(
  change: Record<string, string | undefined>,
  options: { unpack?: string | null; sizeLimitBytes?: number } = {},
): Promise<string[]> {
  const resourcesDir = await pack(
    { ...goodApp(), ...change },
    options.unpack === undefined ? '*.node' : options.unpack,
  );
  return checkPackage({ resourcesDir, lockfile, sizeLimitBytes: options.sizeLimitBytes }).failures;
}

describe('checkPackage', () => {
  it('passes a package that keeps every rule, keytar.node in app.asar.unpacked', async () => {
    const resourcesDir = await pack(goodApp());
    const report = checkPackage({ resourcesDir, lockfile });
    expect(report.failures).toEqual([]);
    expect(report.unpackedBytes).toBe('native'.length);
    expect(report.totalBytes).toBeGreaterThan(report.unpackedBytes);
  });

  it('fails when an entry file is missing', async () => {
    expect(await failuresOf({ 'out/preload/preload.cjs': undefined })).toEqual([
      'entry files missing: out/preload/preload.cjs',
    ]);
    expect(await failuresOf({ 'out/main/openapi/vod-v3.json': undefined })).toEqual([
      'entry files missing: out/main/openapi/vod-v3.json',
    ]);
    expect(await failuresOf({ 'out/main/index.js': undefined })).toEqual([
      'entry files missing: out/main/index.js (package.json "main")',
    ]);
  });

  it('fails when a sound cue is not among the renderer assets', async () => {
    expect(await failuresOf({ 'out/renderer/assets/token-refused-1c.wav': undefined })).toEqual([
      'entry files missing: out/renderer/assets/token-refused-*.wav (resources/sounds)',
    ]);
  });

  it('fails when index.html names an asset the package lacks', async () => {
    expect(await failuresOf({ 'out/renderer/assets/index-1.css': undefined })).toEqual([
      'entry files missing: out/renderer/assets/index-1.css (index.html)',
    ]);
  });

  it('fails when the main bundle or a chunk imports a package the app does not contain', async () => {
    const main = `${goodApp()['out/main/index.js'] ?? ''}import Fastify from "fastify";\n`;
    const chunk = 'export const z = await import("zod");\n';
    expect(await failuresOf({ 'out/main/index.js': main, 'out/main/chunk-1.js': chunk })).toEqual([
      'out/main/index.js imports packages the app does not contain: fastify, zod',
    ]);
  });

  it('fails on a native module inside the asar', async () => {
    expect(await failuresOf({}, { unpack: null })).toEqual([
      'native modules inside app.asar (asarUnpack them): node_modules/keytar/build/Release/keytar.node',
    ]);
  });

  it('fails when keytar is not packaged', async () => {
    expect(
      await failuresOf({
        'node_modules/keytar/package.json': undefined,
        'node_modules/keytar/build/Release/keytar.node': undefined,
      }),
    ).toEqual([
      "keytar's native module is not in the package (node_modules/keytar/build/Release/keytar.node): was keytar built (scripts/setup.sh)?",
    ]);
  });

  it('fails on a dev dependency, told apart by package-lock.json', async () => {
    const vite = JSON.stringify({ name: 'vite', version: version('vite') });
    expect(await failuresOf({ 'node_modules/vite/package.json': vite })).toEqual([
      `dev dependencies in the package: vite@${version('vite')} (node_modules/vite)`,
    ]);
  });

  it('fails on a package the lock does not know', async () => {
    const stray = JSON.stringify({ name: 'yaml', version: '0.0.1' });
    expect(
      await failuresOf({ 'node_modules/fastify/node_modules/yaml/package.json': stray }),
    ).toEqual([
      'packages not in package-lock.json: yaml@0.0.1 (node_modules/fastify/node_modules/yaml)',
    ]);
  });

  it('fails on test files', async () => {
    expect(
      await failuresOf({
        'out/main/format.test.js': 'test();\n',
        'node_modules/yaml/__tests__/a.js': '\n',
      }),
    ).toEqual([
      'test files in the package: node_modules/yaml/__tests__/a.js, out/main/format.test.js',
    ]);
  });

  it('fails on source maps, as files or inline', async () => {
    expect(await failuresOf({ 'out/renderer/assets/index-1.js.map': '{}' })).toEqual([
      'source maps in the package: out/renderer/assets/index-1.js.map',
    ]);
    const inline = `console.log(1);\n//# sourceMappingURL=data:application/json;base64,e30=\n`;
    expect(await failuresOf({ 'out/renderer/assets/index-1.js': inline })).toEqual([
      'source maps in the package: out/renderer/assets/index-1.js (inline)',
    ]);
  });

  it('fails over the size limit', async () => {
    const failures = await failuresOf({}, { sizeLimitBytes: 1_000 });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/^package is \d+ bytes, over the 1000 bytes limit$/);
  });

  it('fails without an app.asar', () => {
    const empty = path.join(root, 'empty');
    mkdirSync(empty);
    expect(checkPackage({ resourcesDir: empty, lockfile }).failures).toEqual([
      `no app.asar in ${empty}`,
    ]);
  });
});

describe('loadPackagedModules', () => {
  it('loads chunks whose imports the package provides, and fails on one it does not', async () => {
    const work = (name: string) => {
      const dir = path.join(root, name);
      mkdirSync(dir);
      return dir;
    };
    const tiny = {
      'package.json': JSON.stringify({ name: 'onair-desk', type: 'module' }),
      'out/main/index.js': 'import { app } from "electron";\nimport "./chunk-1.js";\n',
      'node_modules/tiny/package.json': JSON.stringify({ name: 'tiny', main: 'index.js' }),
      'node_modules/tiny/index.js': 'module.exports = 42;\n',
    };
    const good = await pack({
      ...tiny,
      'out/main/chunk-1.js': 'import tiny from "tiny";\nexport const answer = tiny;\n',
    });
    expect(loadPackagedModules(good, work('load-good'))).toEqual([]);
    const bad = await pack({
      ...tiny,
      'out/main/chunk-1.js': 'import gone from "not-in-the-package";\nexport const x = gone;\n',
    });
    const failures = loadPackagedModules(bad, work('load-bad'));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(
      /^the packaged main's modules do not load from the package: .*not-in-the-package/,
    );
  });
});
