/**
 * Starts the browser host as a user would (`browser-cli.ts --json`, its own process) on a
 * given sandbox and data folder; shared by the Playwright fixtures, the studio specs
 * (`studio-fixture.ts`) and the benches.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { SandboxInfo } from '../src-main/sandbox/index';

/**
 * The built browser host (`out/main/browser-cli.js`, electron-vite's second main entry), run
 * with plain node as `npm run start:browser` runs it: no TypeScript compile at each start (the
 * source through tsx took 2-3 times as long to print its line, once per test). The e2e run
 * builds first (scripts/e2e.sh; e2e/build-setup.ts when Playwright is run alone).
 */
export const builtHost = fileURLToPath(new URL('../out/main/browser-cli.js', import.meta.url));

/** The node arguments that run the built host, with the workstation clock moved by `offsetMs`. */
export function hostCommand(offsetMs: number): string[] {
  if (!existsSync(builtHost))
    throw new Error(`The browser host is not built (${builtHost}): run npm run build first.`);
  return [
    ...(offsetMs === 0 ? [] : ['--import', 'tsx', '--import', './e2e/workstation-clock.ts']),
    builtHost,
  ];
}

/** What the host needs of a sandbox: how to reach it. */
type SandboxHandle = { info: SandboxInfo };

/**
 * The first line `browser-cli.ts --json` prints: the address to open (launch secret in the
 * fragment) and, as a studio hub (`--host-studio`) or a seat (`--join`), what it hosts or joined.
 */
export interface HostLine {
  url: string;
  /** As a hub: the studio's address (`https://127.0.0.1:PORT/`) and its SHA-256 fingerprint. */
  studio?: { url: string; fingerprint: string };
  /** As a seat: the hub it joined, its fingerprint, the seat's name and its role at the hub. */
  seat?: { hub: string; fingerprint: string; seatName: string; role: string };
}

/**
 * Spawns `browser-cli.ts --json` with `dataDir` and `args`; answers the process and its first
 * line. `sandbox`: the platform it works on (`ONAIR_SANDBOX_INFO`); absent for a studio seat,
 * which reads through its hub. `clockOffsetMs` moves the host's clock (the workstation's) that
 * far from the real now, as the end-to-end suite's clock does (`clock.ts`).
 * @throws when it exits or does not print its line in 30 s (with what it wrote to stderr).
 */
export async function spawnHost(options: {
  sandbox?: SandboxHandle;
  dataDir: string;
  clockOffsetMs?: number;
  args?: readonly string[];
}): Promise<{ child: ChildProcess; line: HostLine }> {
  const clockOffsetMs = options.clockOffsetMs ?? 0;
  const child = spawn(
    process.execPath,
    [
      ...hostCommand(clockOffsetMs),
      '--port',
      '0',
      '--data-dir',
      options.dataDir,
      '--json',
      ...(options.args ?? []),
    ],
    {
      env: {
        ...process.env,
        ...(options.sandbox ? { ONAIR_SANDBOX_INFO: JSON.stringify(options.sandbox.info) } : {}),
        ONAIR_CLOCK_OFFSET_MS: String(clockOffsetMs),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`browser host did not start:\n${stderr}`)),
      30_000,
    );
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`browser host exited ${code}:\n${stderr}`)));
  });
  return { child, line: JSON.parse(first) as HostLine };
}

/**
 * Spawns the browser host on `sandbox` with `dataDir`; answers the process and the address
 * to open (launch secret in the fragment). `clockOffsetMs` as {@link spawnHost}'s.
 * `extraArgs` are more flags of browser-cli.ts (e.g. `--panel-port 0`).
 * @throws when it does not print its line in 30 s.
 */
export async function startHost(
  sandbox: SandboxHandle,
  dataDir: string,
  clockOffsetMs = 0,
  extraArgs: readonly string[] = [],
): Promise<{ child: ChildProcess; url: string }> {
  const { child, line } = await spawnHost({ sandbox, dataDir, clockOffsetMs, args: extraArgs });
  return { child, url: line.url };
}
