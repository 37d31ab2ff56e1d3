/**
 * `/__sandbox/scenario` (control/control-scenario.ts) and the CLI's `--scenario`, against a
 * running sandbox. Timing is checked in scenario.test.ts on an injected clock; these check
 * the controls, which hold whatever the wall clock does (a paused clock stands still).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index';
import { startSandbox } from '../index';
import type { ScenarioStatus } from './scenario-player';
import { liveCaller } from '../testing/test-support';

let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, startAt: new Date('2025-06-01T12:00:00Z') });
});
afterAll(() => sandbox.close());

function origin(): string {
  return sandbox.info.live_base_url.replace(/\/live\/api$/, '');
}

async function control(
  path: string,
  body?: Record<string, unknown>,
): Promise<{ status: number; body: { data?: ScenarioStatus | null; message?: string } }> {
  const response = await fetch(`${origin()}/__sandbox${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data?: ScenarioStatus } };
}

describe('/__sandbox/scenario', () => {
  it('lists the examples, plays one by name at a speed, pauses, resumes and stops it', async () => {
    const listed = (await (await fetch(`${origin()}/__sandbox/scenarios`)).json()) as {
      data: { file: string; duration_ms: number }[];
    };
    expect(listed.data.map((item) => item.file)).toEqual([
      'doors-open',
      'fault-drill',
      'two-hour-event',
    ]);
    expect((await control('/scenario')).body.data).toBeNull();
    const started = await control('/scenario', { name: 'two-hour-event', speed: 30 });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({
      name: 'Two-hour event',
      phase: 'playing',
      speed: 30,
      duration_ms: 7_200_000,
    });
    const paused = await control('/scenario/pause', {});
    expect(paused.body.data?.phase).toBe('paused');
    expect(sandbox.clock.paused).toBe(true);
    const again = await control('/scenario');
    expect(again.body.data?.elapsed_ms).toBe(paused.body.data?.elapsed_ms);
    expect((await control('/scenario/resume', {})).body.data?.phase).toBe('playing');
    expect((await control('/scenario/stop', {})).body.data?.phase).toBe('stopped');
    expect(sandbox.clock.speed).toBe(1);
  });

  it('plays a posted file: a token revoked at 0 is refused at once', async () => {
    const admin = liveCaller(sandbox.info, sandbox.info.tokens.admin);
    expect((await admin.get('/channels')).status).toBe(200);
    const yaml =
      'name: Revoke\nevents:\n  - at: 0\n    fault: { kind: revoke-token, token: admin }\n';
    expect((await control('/scenario', { yaml })).body.data).toMatchObject({ phase: 'done' });
    expect((await admin.get('/channels')).status).toBe(401);
  });

  it('refuses a file that does not load, naming the line and field, and a bad speed', async () => {
    const yaml =
      'name: Bad\nevents:\n  - at: 1m\n    encoder: { channel: GAME-ARENA, state: on }\n';
    const refused = await control('/scenario', { yaml });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'Line 4, events[0].encoder.state: The encoder state must be live or off.',
    );
    expect((await control('/scenario', { name: 'nowhere' })).status).toBe(422);
    expect((await control('/scenario', { name: 'fault-drill', speed: 90 })).status).toBe(422);
    expect((await control('/scenario', {})).status).toBe(422);
  });
});

describe('npm run sandbox -- --scenario', () => {
  it('prints the line and field of a file that does not load, and exits 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scenario-'));
    const file = join(dir, 'bad.yaml');
    writeFileSync(
      file,
      'name: Bad\nevents:\n  - at: later\n    chat: { channel: STU-B, joins: 3 }\n',
    );
    const child = spawn(
      'npx',
      ['tsx', 'src-main/sandbox/cli/cli.ts', '--port', '0', '--scenario', file, '--speed', '30'],
      { cwd: process.cwd(), stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(err).toContain('sandbox: Line 3, events[0].at: "later" is not a time offset');
  }, 30_000);
});
