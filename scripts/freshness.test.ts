/**
 * When `npm start` builds: a temp folder laid out like the repo, modification times set with
 * utimes (fixed instants, no wall clock): missing output builds, output newer than every
 * source skips, a newer source builds again, a newer test file does not.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildNeeded, builtEntries } from './freshness.mjs';

const root = mkdtempSync(path.join(os.tmpdir(), 'freshness-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const t0 = new Date('2026-01-01T00:00:00Z');
const later = (seconds: number): Date => new Date(t0.getTime() + seconds * 1000);

function write(file: string, at: Date): void {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, '');
  utimesSync(full, at, at);
}

describe('buildNeeded', () => {
  it('builds when output is missing, skips when it is newer, builds again after a source edit', () => {
    write('package.json', t0);
    write('src-main/index.ts', t0);
    write('src-renderer/lib/view.svelte', t0);
    expect(buildNeeded(root)).toBe(true);

    for (const entry of builtEntries) write(entry, later(10));
    expect(buildNeeded(root)).toBe(false);

    write('src-main/services/uploads/queue.test.ts', later(20));
    write('src-main/services/core/budget-test-support.ts', later(20));
    expect(buildNeeded(root)).toBe(false);

    write('src-renderer/lib/view.svelte', later(30));
    expect(buildNeeded(root)).toBe(true);

    for (const entry of builtEntries) write(entry, later(40));
    expect(buildNeeded(root)).toBe(false);
    write('electron.vite.config.ts', later(50));
    expect(buildNeeded(root)).toBe(true);

    for (const entry of builtEntries) write(entry, later(60));
    rmSync(path.join(root, 'out/preload/preload.cjs'));
    expect(buildNeeded(root)).toBe(true);
  });
});
