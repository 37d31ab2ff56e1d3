// `npm start` (and `npm run start:browser`, which skips the Electron attempt): builds OnAir Desk and opens the desktop app on the sandbox workspace. Where
// the Electron runtime is missing (it is downloaded by electron's install script, which some
// machines cannot reach), it says so in one line and serves the same app through the
// browser host instead, printing the address to open.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const browserOnly = args[0] === '--browser';
const extra = browserOnly ? args.slice(1) : args;

// Build output goes to stderr: with --json, stdout carries exactly one JSON line.
const build = spawnSync('npx', ['electron-vite', 'build'], { stdio: ['ignore', 2, 2] });
if (build.status !== 0) {
  console.error('OnAir Desk could not be built; the errors are above.');
  process.exit(build.status ?? 1);
}

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
  ? spawn(electronBinary, ['.', ...extra], { stdio: 'inherit' })
  : spawn('npx', ['tsx', 'src-main/hosts/browser-cli.ts', ...extra], { stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
