/**
 * The Vitest projects keep their promise (vitest.config.ts): main's `node` project shares one
 * module graph per worker (`isolate: false`), so a file that replaces a module with `vi.mock`
 * must run in the isolated `node-mocks` project, or its mock serves the next file's import (the
 * fresh-clone CI of 1ec8519 failed two IPC tests on file order this way). A new `vi.mock` file
 * left out of `mockingFiles` fails here, whatever order the files happen to run in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mockingFiles } from '../vitest.config';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Every `*.test.ts` under `folder` (repo-relative, `/`-separated), node_modules skipped. */
function testFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.test.ts')) found.push(relative);
    }
  };
  walk(folder);
  return found;
}

describe('the Vitest projects', () => {
  it('runs every file that calls vi.mock in the isolated node-mocks project', () => {
    const shared = ['src-main', 'src-renderer', 'bench', 'scripts', 'integrations']
      .flatMap(testFiles)
      .filter((file) => !file.endsWith('.dom.test.ts'));
    const mocking = shared.filter((file) =>
      /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((file) => !mockingFiles.includes(file))).toEqual([]);
  });
});
