/**
 * The app's core, shared by both hosts: validates every command's input against the bridge
 * contract (the renderer is untrusted), runs it, and answers a Result; pushes events to
 * whoever listens. It owns the accounts, the settings, the notices and the active session,
 * and switches workspace on request. No 'electron' here: hosts/electron-ipc.ts and
 * hosts/browser-host.ts are two transports of this one object.
 */
import { join } from 'node:path';
import { z } from 'zod';
import {
  commandInputs,
  isCommandName,
  type CommandName,
  type CommandOutput,
  type EventMap,
  type EventName,
} from '../shared/bridge';
import type { Notice, WorkspaceState } from '../shared/model';
import { fail, ok, type DeskError, type Result } from '../shared/result';
import { PlatformError } from '../platform/errors';
import { RequestScheduler, systemClock, type Clock } from '../platform/scheduler';
import type { SecretStore } from '../secrets/keychain';
import { redact } from '../secrets/redact';
import { checkAccess } from './access-check';
import { AccountRegistry, type AccessChecker } from './accounts';
import { JsonStateFile } from './local-state';
import { describe, startSession, type Session } from './session';
import type { UploadTuning } from './uploads/upload-engine';
import { listVodCategories } from './uploads/upload-platform';
import {
  openLiveAccountWorkspace,
  renewSandboxToken,
  tokenRejectedReason,
  type Workspace,
  type WorkspaceOptions,
} from './workspace';

/** Who asked: a window (Electron webContents id) or a browser page connection. */
export interface CallContext {
  clientId: string;
}

/** Receives every event main pushes. */
export type EventListener = <E extends EventName>(event: E, payload: EventMap[E]) => void;

/** The core both hosts wrap. */
export interface DeskCore {
  /** Validates and runs a command; never throws, answers a Result. */
  invoke(command: unknown, input: unknown, context: CallContext): Promise<Result<unknown>>;
  /** Listens to every event; returns the function that stops listening. */
  subscribe(listener: EventListener): () => void;
  /** Forgets a client that went away: its watches stop. */
  dropClient(clientId: string): void;
  dispose(): Promise<void>;
}

type Handlers = {
  [C in CommandName]: (
    input: z.output<(typeof commandInputs)[C]>,
    context: CallContext,
  ) => Promise<CommandOutput<C>>;
};

export interface DeskCoreOptions {
  /** The app's data folder: settings.json, accounts.json, logs/. */
  dataDir: string;
  /** Opens the sandbox workspace (once; it stays open while the app runs). */
  openSandbox: () => Promise<Workspace>;
  /** The OS keychain. */
  secrets: SecretStore;
  clock?: Clock;
  /** Pacing and network for account workspaces (tests); the platform's by default. */
  workspaceOptions?: WorkspaceOptions;
  /** Where internal errors are written (the log redacts secrets). */
  log?: (message: string) => void;
  /** Upload engine knobs (tests shorten backoffs and polls); the defaults otherwise. */
  uploadTuning?: Partial<UploadTuning>;
}

const settingsSchema = z.object({
  version: z.literal(1),
  activeWorkspace: z.string().min(1).max(64),
});

/**
 * Builds the core: reads settings and accounts (a damaged file becomes a notice), opens the
 * last active workspace (the sandbox when that account is gone).
 */
export async function createDeskCore(options: DeskCoreOptions): Promise<DeskCore> {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const listeners = new Set<EventListener>();
  const emit = <E extends EventName>(event: E, payload: EventMap[E]) => {
    for (const listener of listeners) listener(event, payload);
  };
  const notices: Notice[] = [];
  const notify = (level: Notice['level'], message: string) => {
    const notice = { id: `n${notices.length + 1}`, level, message };
    notices.push(notice);
    log(`notice: ${message}`);
    emit('app.notice', notice);
  };

  const settingsFile = new JsonStateFile(
    join(options.dataDir, 'settings.json'),
    settingsSchema,
    () => ({ version: 1 as const, activeWorkspace: 'sandbox' }),
    'settings',
  );
  const settings = await settingsFile.read();
  if (settings.notice) notify('warning', settings.notice);
  const opened = await AccountRegistry.open(options.dataDir, options.secrets);
  if (opened.notice) notify('warning', opened.notice);
  const registry = opened.registry;
  await options.secrets.check().catch((error: unknown) => {
    if (registry.list().length > 0 || settings.value.activeWorkspace !== 'sandbox')
      notify('error', error instanceof Error ? error.message : String(error));
  });

  const sandbox = await options.openSandbox();
  let session: Session;
  let status: WorkspaceState['status'] = 'ready';
  let statusMessage: string | null = null;
  let offUnauthorized: () => void = () => undefined;

  /** A scheduler of its own for checking a token: one call, at the platform's pacing. */
  const checker: AccessChecker = async (account) => {
    const scheduler = new RequestScheduler({
      name: 'check',
      fetch: options.workspaceOptions?.fetch ?? ((request) => fetch(request)),
      clock,
      ...(options.workspaceOptions?.pacing ?? {}),
    });
    try {
      return await checkAccess({ ...account, scheduler, now: () => clock.now() });
    } finally {
      scheduler.dispose();
    }
  };

  const state = (): WorkspaceState => ({
    active: session.workspace.info,
    choices: [
      { id: 'sandbox', name: 'Sandbox', kind: 'sandbox' },
      ...registry
        .list()
        .filter((a) => a.kind === 'live')
        .map((a) => ({ id: a.id, name: a.name, kind: 'account' as const })),
    ],
    status,
    message: statusMessage,
  });

  const activate = (workspace: Workspace) => {
    offUnauthorized();
    status = 'ready';
    statusMessage = null;
    session = startSession(workspace, emit, clock, log, {
      dataDir: options.dataDir,
      notify,
      ...(options.uploadTuning ? { tuning: options.uploadTuning } : {}),
    });
    offUnauthorized = workspace.onUnauthorized((api) => {
      status = 'token-rejected';
      statusMessage = `The platform refused the ${api === 'live' ? 'personal access' : 'VOD access'} token of “${workspace.info.name}” (401): it expired or was revoked. Calls are paused: enter a new token to go on.`;
      log(`workspace ${workspace.info.id}: token refused, calls paused`);
      emit('workspace.changed', state());
    });
  };

  const openWorkspace = (id: string): Workspace => {
    if (id === 'sandbox') return sandbox;
    const account = registry.get(id);
    if (!account || account.kind !== 'live' || !account.serviceAccountKey) {
      throw new PlatformError({
        code: 'not-found',
        message: 'That workspace does not exist any more.',
      });
    }
    return openLiveAccountWorkspace(
      {
        id,
        name: account.name,
        baseUrl: account.baseUrl,
        serviceAccountKey: account.serviceAccountKey,
        token: () => registry.token(id),
      },
      { ...options.workspaceOptions, clock },
    );
  };

  const switchTo = async (id: string): Promise<WorkspaceState> => {
    const next = openWorkspace(id);
    const previous = session;
    await previous.dispose();
    if (previous.workspace !== sandbox) await previous.workspace.dispose();
    activate(next);
    await settingsFile.write({ version: 1, activeWorkspace: id }).catch((error: unknown) => {
      notify(
        'warning',
        `The chosen workspace could not be remembered (${(error as Error).message}).`,
      );
    });
    emit('workspace.changed', state());
    return state();
  };

  try {
    activate(openWorkspace(settings.value.activeWorkspace));
  } catch {
    activate(sandbox);
  }

  const handlers: Handlers = {
    'workspace.get': () => Promise.resolve(session.workspace.info),
    'workspace.state': () => Promise.resolve(state()),
    'workspace.switch': ({ id }) => switchTo(id),
    'budget.get': () => Promise.resolve(session.budgets()),
    'channel.list': (input) => session.controlRoom.listChannels(input),
    'broadcast.get': ({ broadcastKey }) => session.controlRoom.getBroadcast(broadcastKey),
    'broadcast.participants': ({ broadcastKey }) => session.controlRoom.participants(broadcastKey),
    'broadcast.viewers': ({ broadcastKey }) => session.controlRoom.viewers(broadcastKey),
    'broadcast.rename': ({ broadcastKey, title }) =>
      session.controlRoom.rename(broadcastKey, title),
    'broadcast.startRecording': ({ broadcastKey }) =>
      session.controlRoom.startRecording(broadcastKey),
    'broadcast.stopRecording': ({ broadcastKey }) =>
      session.controlRoom.stopRecording(broadcastKey),
    'broadcast.setCuePoint': ({ broadcastKey, at }) =>
      session.controlRoom.setCuePoint(broadcastKey, at),
    'watch.subscribe': ({ spec }, context) =>
      Promise.resolve({ watchId: session.planner.subscribe(spec, context.clientId) }),
    'watch.unsubscribe': ({ watchId }) =>
      Promise.resolve({ removed: session.planner.unsubscribe(watchId) }),
    'account.list': () => Promise.resolve(registry.list()),
    'account.add': async (input) => {
      const account = await registry.add(input, checker);
      log(`account added: ${account.name} (${account.kind}, ${account.baseUrl})`);
      emit('workspace.changed', state());
      return account;
    },
    'account.remove': async ({ id }) => {
      if (session.workspace.info.id === id) await switchTo('sandbox');
      const removed = await registry.remove(id);
      if (removed) {
        log(`account removed: ${id}`);
        emit('workspace.changed', state());
      }
      return { removed };
    },
    'account.updateToken': async ({ id, token }) => {
      // The sandbox's token is not in the keychain: the banner renews it in memory.
      const account =
        id === 'sandbox'
          ? await renewSandboxToken(sandbox, token, checker)
          : await registry.updateToken(id, token, checker);
      if (
        session.workspace.info.id === id &&
        session.workspace.liveScheduler.state().pausedReason === tokenRejectedReason
      ) {
        session.workspace.resume();
        status = 'ready';
        statusMessage = null;
        log(`workspace ${id}: new token stored, calls resumed`);
        emit('workspace.changed', state());
      }
      return account;
    },
    'app.notices': () => Promise.resolve([...notices]),
    'schedule.channels': () => session.schedule.channels(),
    'schedule.programs': ({ channelKey, from, to }) =>
      session.schedule.programs(channelKey, from, to),
    'schedule.media': ({ keyword }) => session.schedule.media(keyword),
    'schedule.waitingScreens': () => session.schedule.waitingScreens(),
    'schedule.apply': ({ operation }) => session.schedule.apply(operation),
    'schedule.planCopyDay': ({ channelKey, fromDay, toDay }) =>
      session.schedule.planCopyDay(channelKey, fromDay, toDay),
    'schedule.planFill': ({ channelKey, from, to, uploadFileKeys }) =>
      session.schedule.planFill(channelKey, from, to, uploadFileKeys),
    'schedule.runBatch': ({ plan }) => Promise.resolve(session.schedule.runBatch(plan)),
    'upload.list': async () => (await session.uploads()).list(),
    'upload.vodCategories': () => listVodCategories(session.workspace),
    'upload.enqueue': async ({ paths, target }) => (await session.uploads()).enqueue(paths, target),
    'upload.pause': async ({ ids }) => (await session.uploads()).pause(ids),
    'upload.resume': async ({ ids }) => (await session.uploads()).resume(ids),
    'upload.retry': async ({ ids }) => (await session.uploads()).retry(ids),
    'upload.cancel': async ({ ids }) => (await session.uploads()).cancel(ids),
    'upload.clearFinished': async () => (await session.uploads()).clearFinished(),
    'upload.setConcurrency': async ({ value }) => (await session.uploads()).setConcurrency(value),
  };

  return {
    async invoke(command, input, context) {
      if (!isCommandName(command)) {
        return fail({
          code: 'unknown-command',
          message: `OnAir Desk has no command "${String(command)}".`,
        });
      }
      const parsed = commandInputs[command].safeParse(input ?? {});
      if (!parsed.success) return fail(invalidInput(parsed.error));
      try {
        const handler = handlers[command] as (i: unknown, c: CallContext) => Promise<unknown>;
        return ok(await handler(parsed.data, context));
      } catch (error) {
        if (error instanceof PlatformError) return fail(redactError(error.error));
        log(`command ${command} failed: ${describe(error)}`);
        return fail({
          code: 'internal',
          message: 'OnAir Desk hit an internal problem; details are in the log.',
        });
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dropClient(clientId) {
      session.planner.dropClient(clientId);
    },
    async dispose() {
      offUnauthorized();
      await session.dispose();
      if (session.workspace !== sandbox) await session.workspace.dispose();
      listeners.clear();
      await sandbox.dispose();
    },
  };
}

/**
 * A platform's message may echo what it was sent (a URL with `access_token`, a destination's
 * password): nothing secret crosses the bridge, whatever the platform wrote.
 */
function redactError(error: DeskError): DeskError {
  const fields = error.fields
    ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v.map(redact)]))
    : undefined;
  return { ...error, message: redact(error.message), ...(fields ? { fields } : {}) };
}

function invalidInput(error: z.ZodError): DeskError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'input';
    (fields[field] ??= []).push(issue.message);
  }
  const first = error.issues[0]?.message ?? 'The request was not valid.';
  return { code: 'invalid-input', message: first, fields };
}
