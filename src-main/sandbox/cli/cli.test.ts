import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { SandboxInfo } from '../index';

/** Starts `npx tsx src-main/sandbox/cli/cli.ts ...args` in its own process group. */
function runCli(args: string[]): {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
} {
  const child = spawn('npx', ['tsx', 'src-main/sandbox/cli/cli.ts', ...args], {
    cwd: process.cwd(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return { child, stdout: () => out, stderr: () => err };
}

async function firstLine(read: () => string, child: ChildProcess): Promise<string> {
  while (!read().includes('\n')) {
    if (child.exitCode !== null) throw new Error(`CLI exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read().split('\n')[0] ?? '';
}

describe('npm run sandbox (cli.ts)', () => {
  it('prints exactly one JSON line that reaches a serving sandbox, and stops on SIGTERM', async () => {
    const { child, stdout, stderr } = runCli(['--port', '0', '--no-rate-limit']);
    try {
      const info = JSON.parse(await firstLine(stdout, child)) as SandboxInfo;
      expect(Object.keys(info).sort()).toEqual([
        'live_base_url',
        'rate_limit',
        'service_account_key',
        'tokens',
        'upload_mode',
        'vod_access_token',
        'vod_base_url',
      ]);
      expect(info.upload_mode).toBe('tus');
      // The limit it enforces, which the app paces by: the platform's own.
      expect(info.rate_limit).toEqual({ per_minute: 60, spacing_ms: 1000 });
      expect(info.live_base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/live\/api$/);
      const url = `${info.live_base_url}/v1/live/service-accounts/${info.service_account_key}/channels`;
      const headers = { Authorization: `Bearer ${info.tokens.super_admin}` };
      for (let call = 0; call < 2; call += 1) {
        const response = await fetch(url, { headers });
        expect(response.status).toBe(200);
        expect(((await response.json()) as { data: unknown[] }).data.length).toBeGreaterThanOrEqual(
          8,
        );
      }
      const exited = once(child, 'exit');
      process.kill(-(child.pid ?? 0), 'SIGTERM');
      await exited;
      expect(stdout().trimEnd().split('\n')).toHaveLength(1);
      expect(stderr()).toMatch(/Sandbox platform serving/);
    } finally {
      if (child.exitCode === null && child.signalCode === null)
        process.kill(-(child.pid ?? 0), 'SIGKILL');
    }
  });

  it('serves the one-time upload URLs in multipart mode with --upload-mode multipart', async () => {
    const { child, stdout } = runCli([
      '--port',
      '0',
      '--no-rate-limit',
      '--upload-mode',
      'multipart',
    ]);
    try {
      const info = JSON.parse(await firstLine(stdout, child)) as SandboxInfo;
      expect(info.upload_mode).toBe('multipart');
      const origin = new URL(info.vod_base_url).origin;
      const mode = await fetch(`${origin}/__sandbox/uploads/mode`);
      expect(await mode.json()).toEqual({ mode: 'multipart' });
      const exited = once(child, 'exit');
      process.kill(-(child.pid ?? 0), 'SIGTERM');
      await exited;
    } finally {
      if (child.exitCode === null && child.signalCode === null)
        process.kill(-(child.pid ?? 0), 'SIGKILL');
    }
  });

  it('refuses an unknown upload mode with one error line and exit code 2', async () => {
    const { child, stderr } = runCli(['--upload-mode', 'ftp']);
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(stderr()).toContain('sandbox: --upload-mode must be tus or multipart, not "ftp".');
  });

  it('refuses a bad flag with one error line and exit code 2', async () => {
    const { child, stdout, stderr } = runCli(['--port', 'eighty']);
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(stdout()).toBe('');
    const lines = stderr()
      .split('\n')
      .filter((line) => line.startsWith('sandbox:'));
    expect(lines).toEqual(['sandbox: --port must be an integer from 0 to 65535, not "eighty".']);
  });
});
