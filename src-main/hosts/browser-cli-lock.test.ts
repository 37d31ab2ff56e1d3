/**
 * Two browser hosts on one data folder, started as an operator starts them
 * (`browser-cli.ts`, its own process, loopback only): the second says in one line where the
 * first one is and exits non-zero; after the first one is killed (its lock left behind),
 * the next start takes the folder over.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockFileName, readHolder } from './instance-lock';

let dataDir: string;
const children: ChildProcess[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'onair-two-hosts-'));
  // The lock is the subject, not the page: a one-file renderer, so no build is needed first.
  await mkdir(join(dataDir, 'renderer'));
  await writeFile(
    join(dataDir, 'renderer', 'index.html'),
    '<!doctype html><title>OnAir Desk</title>',
  );
});
afterEach(async () => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((done) => child.once('exit', done));
    }
  await rm(dataDir, { recursive: true, force: true });
});

function startCli() {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src-main/hosts/browser-cli.ts',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--json',
      '--no-rate-limit',
      '--renderer-dir',
      join(dataDir, 'renderer'),
    ],
    { env: { ...process.env, LANG: 'en_US.UTF-8' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stderr })),
  );
  const url = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) =>
      resolve((JSON.parse(line) as { url: string }).url),
    );
    void exited.then(({ code, stderr: text }) => reject(new Error(`exited ${code}: ${text}`)));
  });
  // A refused start never prints an address; only a test that waits for one fails on it.
  url.catch(() => undefined);
  return { child, url, exited };
}

describe('two browser hosts on one data folder', () => {
  it('refuses the second with the address of the first, and takes over after a crash', async () => {
    const first = startCli();
    const url = await first.url;
    const address = `${new URL(url).origin}/`;
    expect(await readHolder(join(dataDir, lockFileName))).toMatchObject({
      pid: first.child.pid,
      kind: 'browser',
      address,
    });

    const second = startCli();
    const refused = await second.exited;
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([
      `onair-desk: OnAir Desk is already running on this data folder at ${address}: open the address that start printed.`,
    ]);
    // The launch secret never reaches the lock file or the message.
    expect(refused.stderr).not.toContain(new URL(url).hash.slice(1));

    first.child.kill('SIGKILL');
    await first.exited;
    expect(await readHolder(join(dataDir, lockFileName))).toMatchObject({ pid: first.child.pid });

    const third = startCli();
    const thirdUrl = await third.url;
    expect(await readHolder(join(dataDir, lockFileName))).toMatchObject({
      pid: third.child.pid,
      address: `${new URL(thirdUrl).origin}/`,
    });
    // A clean stop gives the folder up.
    third.child.kill('SIGTERM');
    expect((await third.exited).code).toBe(0);
    expect(await readHolder(join(dataDir, lockFileName))).toBe('missing');
  }, 90_000);
});
