/**
 * Help → "Save diagnostics…" with a fake save dialog: the archive lands where the operator
 * chose, is a zip holding the diagnostics, and is shown; a cancelled dialog writes nothing.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../services/app/test-support';
import { saveDiagnosticsFromMenu, type DiagnosticsMenuDeps } from './diagnostics-menu';

let test: TestCore;
let elsewhere: string;

beforeAll(async () => {
  test = await startTestCore();
  elsewhere = await mkdtemp(join(tmpdir(), 'onair-diagnostics-menu-'));
});

afterAll(async () => {
  await test.close();
  await rm(elsewhere, { recursive: true, force: true });
});

function deps(answer: (name: string) => string | null) {
  const seen = { asked: [] as string[], revealed: [] as string[], failed: [] as string[] };
  const d: DiagnosticsMenuDeps = {
    core: test.core,
    askPath: (name) => {
      seen.asked.push(name);
      return Promise.resolve(answer(name));
    },
    reveal: (path) => seen.revealed.push(path),
    fail: (message) => seen.failed.push(message),
    log: () => undefined,
    now: () => Date.UTC(2026, 10, 25, 8, 30, 0),
  };
  return { d, seen };
}

describe('Help → Save diagnostics…', () => {
  it('writes the archive where the save dialog says and shows it', async () => {
    const { d, seen } = deps((name) => join(elsewhere, name));
    const outcome = await saveDiagnosticsFromMenu(d);
    const chosen = join(elsewhere, 'onair-desk-diagnostics-20261125T083000Z.zip');
    expect(seen.asked).toEqual(['onair-desk-diagnostics-20261125T083000Z.zip']);
    expect(outcome).toEqual({ kind: 'saved', path: chosen });
    expect(seen.revealed).toEqual([chosen]);
    expect(seen.failed).toEqual([]);
    const entries = unzipSync(new Uint8Array(await readFile(chosen)));
    expect(Object.keys(entries)).toEqual(expect.arrayContaining(['about.json', 'budget.json']));
    // Moved, not copied: no second archive stays behind in the data folder.
    expect(await readdir(join(test.dataDir, 'diagnostics'))).toEqual([]);
  });

  it('writes nothing when the dialog is cancelled', async () => {
    const before = await readdir(elsewhere);
    const { d, seen } = deps(() => null);
    expect(await saveDiagnosticsFromMenu(d)).toEqual({ kind: 'cancelled' });
    expect(await readdir(elsewhere)).toEqual(before);
    expect(seen.revealed).toEqual([]);
  });

  it('tells the operator when the chosen place cannot be written', async () => {
    const { d, seen } = deps(() => join(elsewhere, 'no-such-folder', 'x.zip'));
    const outcome = await saveDiagnosticsFromMenu(d);
    expect(outcome.kind).toBe('failed');
    expect(seen.failed).toHaveLength(1);
    expect(seen.revealed).toEqual([]);
  });
});
