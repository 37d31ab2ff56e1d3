/**
 * Starts the browser host as a user would (`browser-cli.ts --json`, its own process) on a
 * given sandbox and data folder; shared by the Playwright fixtures and the benches.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { SandboxHandle } from '../src-main/sandbox/index';

/**
 * Spawns the browser host on `sandbox` with `dataDir`; answers the process and the address
 * to open (launch secret in the fragment). `clockOffsetMs` moves the host's clock (the
 * workstation's) that far from the real now, as the end-to-end suite's clock does
 * (`clock.ts`). `extraArgs` are more flags of browser-cli.ts (e.g. `--panel-port 0`).
 * @throws when it does not print its line in 30 s.
 */
export async function startHost(
  sandbox: SandboxHandle,
  dataDir: string,
  clockOffsetMs = 0,
  extraArgs: readonly string[] = [],
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      ...(clockOffsetMs === 0 ? [] : ['--import', './e2e/workstation-clock.ts']),
      'src-main/hosts/browser-cli.ts',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--json',
      ...extraArgs,
    ],
    {
      env: {
        ...process.env,
        ONAIR_SANDBOX_INFO: JSON.stringify(sandbox.info),
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
  const { url } = JSON.parse(first) as { url: string };
  return { child, url };
}
