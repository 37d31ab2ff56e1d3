/**
 * Playwright's global setup: the specs drive the built app (the renderer from out/renderer,
 * the browser host from out/main/browser-cli.js, e2e/host.ts), so it builds OnAir Desk first
 * when any source is newer than the build (scripts/freshness.mjs, as `npm start` does). A run
 * right after `npm run build` builds nothing.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildNeeded } from '../scripts/freshness.mjs';

export default function buildSetup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (!buildNeeded(root)) return;
  process.stderr.write('e2e: sources changed since the last build; building OnAir Desk first.\n');
  const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed; the errors are above.');
}
