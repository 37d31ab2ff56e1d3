// Whether OnAir Desk must be built before it starts (scripts/start.mjs): yes when a built
// entry is missing, or when any source the build reads is as new as or newer than the oldest
// built entry (modification times). Test files and test support do not go into the build,
// so editing them never forces one. Types: freshness.d.mts.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the build writes; all must exist and be newer than the sources. */
export const builtEntries = [
  'out/main/index.js',
  'out/main/browser-cli.js',
  'out/preload/preload.cjs',
  'out/renderer/index.html',
];
/** Folders the build reads, walked whole. */
export const sourceFolders = ['src-main', 'src-renderer', 'resources/openapi'];
/** Single files the build reads (its configuration and the dependencies' versions). */
export const sourceFiles = [
  'package.json',
  'package-lock.json',
  'electron.vite.config.ts',
  'svelte.config.js',
  'tsconfig.json',
];
const testFile = /\.test\.ts$|test-support\.ts$/;

/** Newest modification time (ms since the epoch) of the build's sources under `root`. */
export function newestSource(root) {
  let newest = 0;
  for (const file of sourceFiles) {
    const at = path.join(root, file);
    if (existsSync(at)) newest = Math.max(newest, statSync(at).mtimeMs);
  }
  for (const folder of sourceFolders) {
    const at = path.join(root, folder);
    if (!existsSync(at)) continue;
    for (const entry of readdirSync(at, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || testFile.test(entry.name)) continue;
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/** True when a built entry under `root` is missing or not newer than every source. */
export function buildNeeded(root) {
  const built = builtEntries.map((file) => path.join(root, file));
  if (!built.every((file) => existsSync(file))) return true;
  const oldestBuilt = Math.min(...built.map((file) => statSync(file).mtimeMs));
  return oldestBuilt <= newestSource(root);
}
