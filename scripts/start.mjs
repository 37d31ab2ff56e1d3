// `npm start` (and `npm run start:browser`, which skips the Electron attempt): builds OnAir Desk
// when its sources changed, and opens the desktop app on the sandbox workspace. Where the
// Electron runtime is missing (it is downloaded by electron's install script, which some
// machines cannot reach), it says so in one line and serves the same app through the browser
// host instead (the built out/main/browser-cli.js run with plain node, no TypeScript compile),
// printing the address to open.
//
// The build is skipped when every built entry is newer than every source it comes from
// (src-main, src-renderer and the build's configuration; test files aside: freshness.mjs): a
// second start costs no build. `npm run bench -- start` measures both starts; with ONAIR_START_TIMING=1
// this script writes one stderr line `start-script {...}` (ms since it started: the freshness
// check done, the build done, the app spawned; its CPU time to then).
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNeeded } from './freshness.mjs';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const browserOnly = args[0] === '--browser';
const extra = browserOnly ? args.slice(1) : args;

const timing = {};
const needed = buildNeeded(root);
timing.checkedMs = Math.round(performance.now());
if (needed) {
  // Build output goes to stderr: with --json, stdout carries exactly one JSON line.
  const build = spawnSync(path.join(root, 'node_modules', '.bin', 'electron-vite'), ['build'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  if (build.status !== 0) {
    console.error('OnAir Desk could not be built; the errors are above.');
    process.exit(build.status ?? 1);
  }
}
timing.builtMs = Math.round(performance.now());
timing.built = needed;

let electronBinary = null;
if (!browserOnly) {
  try {
    electronBinary = require('electron');
  } catch {
    console.error(
      'The Electron runtime is not installed on this machine; serving OnAir Desk through the browser host instead.',
    );
  }
}

const child = electronBinary
  ? spawn(electronBinary, ['.', ...extra], { stdio: 'inherit', cwd: root })
  : spawn(process.execPath, [path.join(root, 'out/main/browser-cli.js'), ...extra], {
      stdio: 'inherit',
    });

timing.spawnedMs = Math.round(performance.now());
if (process.env.ONAIR_START_TIMING === '1') {
  const cpu = process.cpuUsage();
  timing.cpuMs = Math.round((cpu.user + cpu.system) / 1000);
  process.stderr.write(`start-script ${JSON.stringify(timing)}\n`);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
