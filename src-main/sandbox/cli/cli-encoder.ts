/**
 * `npm run sandbox -- encoder <channel_key> live|off [--url <sandbox url>]`: a client of the
 * encoder control (control/control-encoders.ts) for a sandbox already running. `--url` is any
 * URL of that sandbox (its origin, or the `live_base_url` the sandbox printed); default the
 * `ONAIR_SANDBOX_URL` environment variable. Only loopback hosts are called.
 *
 * Prints the encoder's status as one JSON line on stdout and exits 0; a refusal prints the
 * sandbox's message on stderr and exits 1; bad arguments print one line and exit 2.
 */
import { parseArgs } from 'node:util';

/** Where the output goes; `process.stdout`/`stderr` in the CLI, collectors in tests. */
export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

/** A parsed `encoder` command. */
export interface EncoderCliRequest {
  /** `http://127.0.0.1:PORT/__sandbox/channels/{key}/encoder`. */
  url: string;
  state: 'live' | 'off';
}

const usage = 'usage: npm run sandbox -- encoder <channel_key> live|off [--url <sandbox url>]';

/**
 * Parses the arguments after `encoder`.
 * @throws Error with a one-line message (usage, a missing or non-loopback URL).
 */
export function parseEncoderArgs(args: string[], env: NodeJS.ProcessEnv): EncoderCliRequest {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { url: { type: 'string' } },
  });
  const [channelKey, state, ...rest] = positionals;
  if (channelKey === undefined || rest.length > 0 || (state !== 'live' && state !== 'off')) {
    throw new Error(usage);
  }
  const given = values.url ?? env.ONAIR_SANDBOX_URL;
  if (given === undefined || given === '') {
    throw new Error('Give the sandbox URL with --url (or ONAIR_SANDBOX_URL).');
  }
  let origin: URL;
  try {
    origin = new URL(given);
  } catch {
    throw new Error(`--url must be a URL, not "${given}".`);
  }
  if (!isLoopback(origin.hostname)) {
    throw new Error(
      `--url must be on this machine (127.0.0.1, ::1, localhost), not ${origin.host}.`,
    );
  }
  return {
    url: `${origin.origin}/__sandbox/channels/${encodeURIComponent(channelKey)}/encoder`,
    state,
  };
}

/** Runs `encoder ...`; resolves to the exit code. */
export async function runEncoderCli(
  args: string[],
  output: CliOutput,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let request: EncoderCliRequest;
  try {
    request = parseEncoderArgs(args, env);
  } catch (error) {
    output.err(`sandbox encoder: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ state: request.state }),
    });
  } catch (error) {
    output.err(
      `sandbox encoder: no sandbox answered at ${new URL(request.url).origin} (${error instanceof Error ? error.message : String(error)}).`,
    );
    return 1;
  }
  const body = (await response.json().catch(() => ({}))) as { data?: unknown; message?: string };
  if (!response.ok) {
    output.err(`sandbox encoder: ${response.status} ${body.message ?? response.statusText}`);
    return 1;
  }
  output.out(JSON.stringify(body.data));
  return 0;
}

function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}
