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
 * seed-vod-large.ts), faults
 * (faults.ts): `--latency MS` (with `--latency-max MS`: a delay drawn from that range), `--error-rate R`, `--drop-rate R` (R in 0..1), `--burst-429 N`.
 * A bad flag prints one error line on stderr and exits 2.
 *
 * `npm run sandbox -- encoder <channel_key> live|off [--url URL]` instead turns a simulated
 * encoder of a running sandbox on or off (cli-encoder.ts) and exits.
 */
import { parseArgs } from 'node:util';
import { runEncoderCli } from './cli-encoder';
import type { SandboxOptions } from './index';
import { faultsFromFlags } from './faults';
import { startSandbox } from './index';
import type { UploadMode } from './upload-host';
import { uploadModes } from './upload-host';

/** Parses the flags. @throws Error with a one-line, operator-readable message. */
export function parseCliOptions(args: string[]): SandboxOptions {
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
      latency: { type: 'string' },
      'latency-max': { type: 'string' },
      'error-rate': { type: 'string' },
      'drop-rate': { type: 'string' },
      'burst-429': { type: 'string' },
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
    faults: faultsFromFlags(values),
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
  let options: SandboxOptions;
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

main().catch((error: unknown) => {
  process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
