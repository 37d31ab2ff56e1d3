/**
 * What the core's tests share: test doubles of OS dependencies (not of our own code): the OS
 * keychain's contract kept in memory; a typed caller of the core's commands; and a sandbox
 * platform with a desk core on it, set up as most of those tests need. The real keychain has
 * its own tests (accounts.keychain.test.ts, keychain-missing.test.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type SandboxHandle } from '../../sandbox/index';
import type { SecretStore } from '../../secrets/keychain';
import {
  commands,
  type CommandInput,
  type CommandName,
  type CommandOutput,
} from '../../shared/bridge';
import type { CommandDecl, Confirmation } from '../../shared/commands/define';
import {
  createDeskCore,
  type DeskCore,
  type DeskCoreWithPanels,
  type DeskCoreOptions,
} from './desk-core';
import { openSandboxWorkspace, type WorkspaceOptions } from '../workspaces/workspace';

/**
 * Pacing for tests against a sandbox whose rate limit is off: calls 5 ms apart, no margin, no
 * per-minute window (a batch alone is dozens of calls). Never against a real account.
 */
export const fastTestPacing = {
  minSpacingMs: 5,
  marginMs: 0,
  maxMarginMs: 0,
  limitPerMinute: 10_000,
} as const;

/** A sandbox platform (rate limit off) and a desk core on its workspace, for one test file. */
export interface TestCore {
  sandbox: SandboxHandle;
  core: DeskCoreWithPanels;
  /** The core's data folder: a fresh temp folder, removed by `close`. */
  dataDir: string;
  /** Disposes the core, stops the sandbox and removes the data folder. */
  close(): Promise<void>;
}

/**
 * Starts a sandbox with demo data of `seed` (rate limit off) and a desk core on it with
 * {@link fastTestPacing} (or `pacing`), keys in memory, logs to `log` (default: nowhere).
 * `fetch` sees every call of the core's account workspaces (tests count them); `uploadTuning`
 * shortens the upload engine's waits; `clock` is the core's (default: the system clock);
 * `sandboxFetch` sees every call of the core's sandbox workspace.
 * @throws whatever starting the sandbox or the core throws.
 */
export async function startTestCore(
  options: {
    seed?: number;
    pacing?: WorkspaceOptions['pacing'];
    fetch?: WorkspaceOptions['fetch'];
    log?: (line: string) => void;
    uploadTuning?: DeskCoreOptions['uploadTuning'];
    updates?: DeskCoreOptions['updates'];
    clock?: DeskCoreOptions['clock'];
    sandboxFetch?: WorkspaceOptions['fetch'];
    popOut?: DeskCoreOptions['popOut'];
  } = {},
): Promise<TestCore> {
  const sandbox = await startSandbox({
    port: 0,
    rateLimit: false,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'onair-test-core-'));
  const pacing = options.pacing ?? fastTestPacing;
  const core = await createDeskCore({
    dataDir,
    secrets: memorySecrets(),
    openSandbox: () =>
      openSandboxWorkspace({
        sandboxInfo: sandbox.info,
        pacing,
        ...(options.sandboxFetch ? { fetch: options.sandboxFetch } : {}),
      }),
    workspaceOptions: { pacing, ...(options.fetch ? { fetch: options.fetch } : {}) },
    log: options.log ?? (() => undefined),
    ...(options.uploadTuning ? { uploadTuning: options.uploadTuning } : {}),
    ...(options.popOut ? { popOut: options.popOut } : {}),
    ...(options.updates ? { updates: options.updates } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return {
    sandbox,
    core,
    dataDir,
    async close() {
      await core.dispose();
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A sandbox and a data folder that outlive the desk cores started on them. */
export interface RestartRig {
  /** The data folder every core of the rig keeps its files in. */
  dataDir: string;
  /**
   * Opens a new desk core on the rig's sandbox and data folder (a restart, once the previous
   * core is disposed), with `options` over the defaults (keys in memory, no log).
   */
  start(
    options?: Partial<Pick<DeskCoreOptions, 'systemLocale' | 'bringMainForward'>>,
  ): Promise<DeskCore>;
  /** Stops the sandbox and removes the data folder. */
  close(): Promise<void>;
}

/**
 * For tests of what main keeps on disk across restarts (settings.json): a sandbox without
 * its rate limit and a fresh data folder named from `prefix`.
 */
export async function startRestartRig(prefix: string): Promise<RestartRig> {
  const sandbox: SandboxHandle = await startSandbox({ port: 0, rateLimit: false });
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  return {
    dataDir,
    start: async (options = {}) =>
      createDeskCore({
        dataDir,
        secrets: memorySecrets(),
        openSandbox: () =>
          openSandboxWorkspace({
            sandboxInfo: sandbox.info,
            pacing: { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0 },
          }),
        log: () => undefined,
        ...options,
      }),
    close: async () => {
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A `fetch` for {@link startTestCore}'s `sandboxFetch` that records the path of every request
 * the core's sandbox workspace sends (in order, into `sent`) and reads each answer whole before
 * handing it on: a request counts as in flight until its body is here, as the planner counts it.
 * @param sent the list the paths (`/v1/…`, no query) are pushed to.
 */
export function countingFetch(sent: string[]): NonNullable<WorkspaceOptions['fetch']> {
  return async (request) => {
    sent.push(new URL(request.url).pathname);
    const response = await fetch(request);
    const body = [204, 304].includes(response.status) ? null : await response.arrayBuffer();
    return new Response(body, response);
  };
}

/** A SecretStore in memory: always available, empty at first. */
export function memorySecrets(): SecretStore {
  const entries = new Map<string, string>();
  return {
    get: (account) => Promise.resolve(entries.get(account) ?? null),
    set: (account, secret) => Promise.resolve(void entries.set(account, secret)),
    delete: (account) => Promise.resolve(entries.delete(account)),
    check: () => Promise.resolve(),
  };
}

/**
 * The call meta a view sends with `command` once the operator confirmed: the confirmation a
 * destructive command declares (a dialog's confirm button, or the typed name), nothing else.
 */
export function confirmedBy(command: string): { confirmation?: Confirmation } {
  const confirm = (commands as Record<string, CommandDecl | undefined>)[command]?.confirm;
  return confirm ? { confirmation: { kind: confirm.kind } } : {};
}

/**
 * Calls a command of the core as the renderer would (confirming a destructive one as its
 * dialog does) and answers its data.
 * @param core the core (a getter: tests create it in `beforeAll`).
 * @throws Error with main's message when the command answers `{ ok: false }`.
 */
export function commandCaller(core: () => DeskCore, clientId: string) {
  return async <C extends CommandName>(
    command: C,
    input: CommandInput<C>,
  ): Promise<CommandOutput<C>> => {
    const result = await core().invoke(command, input, { clientId, ...confirmedBy(command) });
    if (!result.ok) throw new Error(`${command}: ${result.error.message}`);
    return result.data as CommandOutput<C>;
  };
}
