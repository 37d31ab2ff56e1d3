import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimDataFolder, type DesktopStart } from './desktop-instance';
import { acquireInstanceLock, lockFileName, readHolder } from './instance-lock';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'onair-desktop-lock-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Electron's dialog and the process, as far as the start uses them. */
function fakeStart(pid: number) {
  const seen = { boxes: [] as string[], printed: [] as string[], exits: [] as number[] };
  const start: DesktopStart = {
    dataDir,
    systemLocale: 'en-US',
    showErrorBox: (title, content) => seen.boxes.push(`${title}: ${content}`),
    print: (line) => seen.printed.push(line),
    exit: (code) => seen.exits.push(code),
    lockOptions: { pid, isAlive: (p) => p === 100 || p === 200 },
  };
  return { start, seen };
}

describe('the desktop app and the browser host share the data folder lock', () => {
  it('refuses to start beside a running browser host, saying its address, in the app language', async () => {
    const host = await acquireInstanceLock({
      dataDir,
      kind: 'browser',
      pid: 100,
      isAlive: () => true,
    });
    if (!host.ok) throw new Error('no lock');
    await host.lock.setAddress('http://127.0.0.1:5183/');
    await writeFile(
      join(dataDir, 'settings.json'),
      JSON.stringify({ version: 1, activeWorkspace: 'sandbox', language: 'ko' }),
    );

    const { start, seen } = fakeStart(200);
    expect(await claimDataFolder(start)).toBeNull();
    expect(seen.exits).toEqual([1]);
    expect(seen.printed).toEqual([
      'onair-desk: OnAir Desk가 이 데이터 폴더에서 http://127.0.0.1:5183/ 주소로 이미 실행 중입니다. 그때 출력된 주소를 여세요.\n',
    ]);
    expect(seen.boxes).toHaveLength(1);
    expect(seen.boxes[0]).toContain('http://127.0.0.1:5183/');
    expect(await readHolder(join(dataDir, lockFileName))).toMatchObject({
      pid: 100,
      kind: 'browser',
    });
  });

  it('starts after a crashed browser host, and a browser host then finds the window', async () => {
    await acquireInstanceLock({ dataDir, kind: 'browser', pid: 4242, isAlive: () => true });
    const { start, seen } = fakeStart(200);
    const lock = await claimDataFolder(start);
    expect(lock).not.toBeNull();
    expect(seen).toEqual({ boxes: [], printed: [], exits: [] });

    const browser = await acquireInstanceLock({
      dataDir,
      kind: 'browser',
      pid: 100,
      isAlive: (p) => p === 200,
    });
    expect(browser).toMatchObject({
      ok: false,
      holder: { pid: 200, kind: 'desktop', address: null },
    });
    await lock?.release();
    expect(await readHolder(join(dataDir, lockFileName))).toBe('missing');
  });
});
