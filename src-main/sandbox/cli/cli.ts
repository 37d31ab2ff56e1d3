/**
 * `npm run --silent sandbox`: starts the sandbox platform and prints exactly one JSON line on stdout
 * (`--silent` keeps npm's own banner off stdout),
 * the `SandboxInfo` (base URLs, service account key, tokens), then serves until SIGINT or
 * SIGTERM. Logs go to stderr.
 *
 * Flags: `--port N` (default 0: any free port), `--seed N` (default 1), `--no-rate-limit`,
 * `--log` (request logs on stderr), `--state FILE` (keep state across restarts; uploaded files
 * then live in `FILE.uploads/` beside it, so partial tus uploads survive a restart),
 * `--storage-dir DIR` (where uploaded files live instead; default a temp folder),
 * `--upload-mode tus|multipart` (the protocol of the one-time upload URLs, default tus;
 * upload-host.ts), `--vod-contents N` (a VOD library of N contents, 0 to 100 000;
 * seed-vod-large.ts), `--on-air N` (N broadcasts on air, each fed by a simulated encoder,
 * 0 to 64; seed-on-air.ts), faults
 * (faults.ts): `--latency MS` (with `--latency-max MS`: a delay drawn from that range), `--error-rate R`, `--drop-rate R` (R in 0..1), `--burst-429 N`.
 * Rehearsals: `--scenario FILE` plays a scenario (scenario.ts, e.g.
 * `resources/rehearsals/two-hour-event.yaml`) from the start, `--speed N` (1..60) runs the
 * virtual clock N times faster (the scenario's own speed when not given); progress goes to
 * stderr. A scenario that does not load prints its line and field on stderr and exits 2.
 * A bad flag prints one error line on stderr and exits 2.
 *
 * `npm run sandbox -- encoder <channel_key> live|off [--url URL]` instead turns a simulated
 * encoder of a running sandbox on or off (cli-encoder.ts) and exits.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runEncoderCli } from './cli-encoder';
import { maxOnAir } from '../seed/seed-on-air';
import type { SandboxOptions } from '../index';
import { faultsFromFlags } from '../kernel/faults';
import { startSandbox } from '../index';
import type { ScenarioDesk } from '../rehearsal/scenario-desk';
import type { UploadMode } from '../upload-host/upload-host';
import { uploadModes } from '../upload-host/upload-host';

/** The CLI's options: the sandbox's, and the rehearsal to play. */
export interface CliOptions extends SandboxOptions {
  /** Path of a scenario file to play from the start. */
  scenarioFile?: string;
  /** Speed of the virtual clock, 1..60. */
  speed?: number;
}

/** Parses the flags. @throws Error with a one-line, operator-readable message. */
export function parseCliOptions(args: string[]): CliOptions {
  const { values } = parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      seed: { type: 'string' },
      'no-rate-limit': { type: 'boolean' },
      log: { type: 'boolean' },
      state: { type: 'string' },
      'storage-dir': { type: 'string' },
      'upload-mode': { type: 'string' },
      'vod-contents': { type: 'string' },
      'on-air': { type: 'string' },
      latency: { type: 'string' },
      'latency-max': { type: 'string' },
      'error-rate': { type: 'string' },
      'drop-rate': { type: 'string' },
      'burst-429': { type: 'string' },
      scenario: { type: 'string' },
      speed: { type: 'string' },
    },
  });
  return {
    port: integerFlag('port', values.port, 0, 65_535) ?? 0,
    seed: integerFlag('seed', values.seed, 0, 2 ** 32 - 1) ?? 1,
    rateLimit: values['no-rate-limit'] !== true,
    logger: values.log === true,
    ...(values.state === undefined ? {} : { stateFile: values.state }),
    ...(values['storage-dir'] === undefined ? {} : { storageDir: values['storage-dir'] }),
    ...(values['upload-mode'] === undefined
      ? {}
      : { uploadMode: uploadModeFlag(values['upload-mode']) }),
    ...(values['vod-contents'] === undefined
      ? {}
      : { vodContents: integerFlag('vod-contents', values['vod-contents'], 0, 100_000) }),
    ...(values['on-air'] === undefined
      ? {}
      : { onAir: integerFlag('on-air', values['on-air'], 0, maxOnAir) }),
    faults: faultsFromFlags(values),
    ...(values.scenario === undefined ? {} : { scenarioFile: values.scenario }),
    ...(values.speed === undefined ? {} : { speed: integerFlag('speed', values.speed, 1, 60) }),
  };
}

function uploadModeFlag(text: string): UploadMode {
  const mode = uploadModes.find((item) => item === text);
  if (mode === undefined)
    throw new Error(`--upload-mode must be ${uploadModes.join(' or ')}, not "${text}".`);
  return mode;
}

function integerFlag(
  name: string,
  text: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new Error(`--${name} must be an integer from ${min} to ${max}, not "${text}".`);
  }
  return value;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === 'encoder') {
    process.exitCode = await runEncoderCli(args.slice(1), {
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    });
    return;
  }
  let options: CliOptions;
  try {
    options = parseCliOptions(args);
  } catch (error) {
    process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
  const sandbox = await startSandbox(options);
  process.stdout.write(`${JSON.stringify(sandbox.info)}\n`);
  process.stderr.write(
    `Sandbox platform serving ${sandbox.info.live_base_url} and ${sandbox.info.vod_base_url}` +
      `${options.rateLimit === false ? ' (rate limit off)' : ''}. Stop with Ctrl+C.\n`,
  );
  if (options.scenarioFile !== undefined) {
    try {
      const status = sandbox.scenarios.start(
        { yaml: readFileSync(options.scenarioFile, 'utf8') },
        options.speed,
      );
      process.stderr.write(
        `Playing the scenario "${status.name}" at ×${status.speed}: ` +
          `${Math.round(status.duration_ms / 60_000)} min of platform time in ` +
          `${Math.round(status.duration_ms / status.speed / 1000)} s.\n`,
      );
      reportScenario(sandbox.scenarios);
    } catch (error) {
      process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
      await sandbox.close();
      process.exit(2);
    }
  } else if (options.speed !== undefined) {
    sandbox.clock.setSpeed(options.speed);
  }
  let closing = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (closing) return;
    closing = true;
    process.stderr.write(`Sandbox platform stopping (${signal}).\n`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`sandbox: close failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** Writes each applied event and the end of the scenario on stderr, every real second. */
function reportScenario(desk: ScenarioDesk): void {
  let reported = 0;
  const timer = setInterval(() => {
    const status = desk.status();
    if (status === null) return;
    if (status.applied > reported) {
      reported = status.applied;
      const minutes = Math.floor(status.elapsed_ms / 60_000);
      process.stderr.write(`  +${minutes} min: ${status.applied}/${status.total} events\n`);
    }
    if (status.phase === 'done' || status.phase === 'stopped') {
      const refused = status.errors.map((item) => `\n  refused: ${item.summary}: ${item.message}`);
      process.stderr.write(`Scenario "${status.name}" ${status.phase}.${refused.join('')}\n`);
      clearInterval(timer);
    }
  }, 1000);
  timer.unref();
}

main().catch((error: unknown) => {
  process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
