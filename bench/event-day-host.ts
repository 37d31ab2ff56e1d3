/**
 * The event-day bench's app: the browser host in its own process (as `e2e/host.ts` starts it,
 * plus `--expose-gc`) on the bench's sandbox through `ONAIR_SANDBOX_INFO`, and the memory
 * of both halves of the app:
 * - main: the host's RSS and V8 heap from its `GET /diagnostics/memory` (launch secret
 *   required; garbage collected first, so readings compare live objects);
 * - renderer: the page's used JS heap from the Chrome DevTools Protocol
 *   (`HeapProfiler.collectGarbage`, then `Runtime.getHeapUsage`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { CDPSession, Page } from '@playwright/test';
import type { SandboxInfo } from '../src-main/sandbox/index';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The running host: its process, the address to open, and its memory on demand. */
export interface HostProcess {
  child: ChildProcess;
  /** The app's address, launch secret in the fragment. */
  url: string;
  /** Main process memory now, in bytes. */
  memory(): Promise<{ rssBytes: number; heapUsedBytes: number }>;
  /** Anything the host wrote on stderr (for a crash report). */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts the host on `info` with `dataDir`. @throws when it does not print its line in 60 s. */
export async function startEventDayHost(info: SandboxInfo, dataDir: string): Promise<HostProcess> {
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      'src-main/hosts/browser-cli.ts',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--json',
    ],
    {
      cwd: root,
      env: { ...process.env, ONAIR_SANDBOX_INFO: JSON.stringify(info) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    // Keep the tail only: a day of warnings must not grow the bench itself.
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start:\n${stderr}`)), 60_000);
    createInterface({ input: child.stdout }).once('line', (first) => {
      clearTimeout(timer);
      resolve(first);
    });
    child.once('exit', (code) => reject(new Error(`host exited ${code}:\n${stderr}`)));
  });
  const { url } = JSON.parse(line) as { url: string };
  const address = new URL(url);
  const secret = address.hash.replace('#k=', '');
  return {
    child,
    url,
    async memory() {
      const response = await fetch(`${address.origin}/diagnostics/memory`, {
        headers: { Authorization: `Bearer ${secret}` },
      });
      if (!response.ok) throw new Error(`host memory: HTTP ${response.status}`);
      const body = (await response.json()) as { rssBytes: number; heapUsedBytes: number };
      return { rssBytes: body.rssBytes, heapUsedBytes: body.heapUsedBytes };
    },
    stderr: () => stderr,
    async stop() {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Reads the renderer's used JS heap, after a garbage collection, through CDP. */
export class RendererMemory {
  readonly #session: CDPSession;

  private constructor(session: CDPSession) {
    this.#session = session;
  }

  static async attach(page: Page): Promise<RendererMemory> {
    return new RendererMemory(await page.context().newCDPSession(page));
  }

  /** The used JS heap in bytes. */
  async usedHeapBytes(): Promise<number> {
    await this.#session.send('HeapProfiler.collectGarbage');
    const { usedSize } = await this.#session.send('Runtime.getHeapUsage');
    return usedSize;
  }
}
