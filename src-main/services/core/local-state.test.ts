/**
 * Local state survives what disks and people do to it: a file corrupted by hand is set
 * aside with a message and the app starts; writes are atomic and leave no temp files.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonStateFile } from './local-state';

const schema = z.object({ version: z.literal(1), names: z.array(z.string()) });
let dir: string;
const file = () =>
  new JsonStateFile(
    join(dir, 'names.json'),
    schema,
    () => ({ version: 1 as const, names: [] }),
    'names list',
  );

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'onair-state-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('local state files', () => {
  it('starts from the fallback when the file does not exist, silently', async () => {
    expect(await file().read()).toEqual({ value: { version: 1, names: [] } });
  });

  it('round-trips a value and leaves no temp file behind', async () => {
    await file().write({ version: 1, names: ['Main Stage'] });
    expect((await file().read()).value.names).toEqual(['Main Stage']);
    expect(await readdir(dir)).toEqual(['names.json']);
  });

  it.each([
    ['truncated JSON', '{"version": 1, "names": ["Ma'],
    ['not JSON at all', '\u0000\u0001garbage'],
    ['the wrong shape', '{"version": 2, "names": "x"}'],
  ])('sets a file with %s aside, says so, and starts fresh', async (_what, content) => {
    await writeFile(join(dir, 'names.json'), content);
    const read = await file().read();
    expect(read.value).toEqual({ version: 1, names: [] });
    expect(read.notice).toMatch(/names list file was damaged/);
    expect(read.notice).toMatch(/set aside as names\.json\.corrupt-/);
    const files = await readdir(dir);
    const aside = files.find((f) => f.startsWith('names.json.corrupt-'));
    expect(aside).toBeDefined();
    expect(await readFile(join(dir, aside ?? ''), 'utf8')).toBe(content);
    expect(files).not.toContain('names.json');
  });

  it('refuses to write a value that does not fit the schema', async () => {
    await expect(
      file().write({ version: 1, names: [3] } as unknown as { version: 1; names: string[] }),
    ).rejects.toThrow();
    expect(await readdir(dir)).toEqual([]);
  });
});
