/**
 * The app's core, shared by both hosts: validates every command's input against the bridge
 * contract (the renderer is untrusted), runs it, and answers a Result; pushes events to
 * whoever listens. No 'electron' here: hosts/electron-ipc.ts and hosts/browser-host.ts are
 * two transports of this one object.
 */
import type { z } from 'zod';
import {
  commandInputs,
  isCommandName,
  type CommandName,
  type CommandOutput,
  type EventMap,
  type EventName,
} from '../shared/bridge';
import type { BudgetSnapshot } from '../shared/model';
import { fail, ok, type DeskError, type Result } from '../shared/result';
import { PlatformError } from '../platform/errors';
import { ControlRoom } from './control-room';
import { WatchPlanner } from './watch-planner';
import type { Workspace } from './workspace';
import { systemClock, type Clock } from '../platform/scheduler';

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
  workspace: Workspace;
  clock?: Clock;
  /** Where internal errors are written (never tokens: see the redaction in hosts). */
  log?: (message: string) => void;
}

/** Budget events are sent at most this often, ms. */
const budgetEventSpacingMs = 250;

/** Builds the core around an open workspace. */
export function createDeskCore(options: DeskCoreOptions): DeskCore {
  const { workspace } = options;
  const clock = options.clock ?? systemClock;
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const listeners = new Set<EventListener>();
  const emit = <E extends EventName>(event: E, payload: EventMap[E]) => {
    for (const listener of listeners) listener(event, payload);
  };

  const controlRoom = new ControlRoom({
    live: workspace.live,
    publish: (u) => emit('watch.update', u),
    now: () => clock.now(),
  });
  const planner = new WatchPlanner({
    clock,
    budget: () => workspace.liveScheduler.state(),
    run: (task, signal) => controlRoom.runWatchTask(task, signal),
    onTaskError: (task, error) => {
      const message =
        error instanceof PlatformError ? error.message : 'The platform could not be read.';
      if (!(error instanceof PlatformError)) log(`watch ${task.topic} failed: ${describe(error)}`);
      emit('watch.update', {
        kind: 'error',
        watchId: task.subject,
        topic: task.topic,
        at: clock.now(),
        message,
      });
    },
  });
  controlRoom.attachPlanner(planner);

  const budgets = (): BudgetSnapshot[] => [
    workspace.liveScheduler.state(),
    workspace.vodScheduler.state(),
  ];
  let budgetTimer: ReturnType<typeof setTimeout> | null = null;
  const onBudget = () => {
    budgetTimer ??= setTimeout(() => {
      budgetTimer = null;
      emit('budget.changed', budgets());
    }, budgetEventSpacingMs);
  };
  const unsubscribeBudgets = [
    workspace.liveScheduler.subscribe(onBudget),
    workspace.vodScheduler.subscribe(onBudget),
  ];

  const handlers: Handlers = {
    'workspace.get': () => Promise.resolve(workspace.info),
    'budget.get': () => Promise.resolve(budgets()),
    'channel.list': (input) => controlRoom.listChannels(input),
    'broadcast.get': ({ broadcastKey }) => controlRoom.getBroadcast(broadcastKey),
    'broadcast.participants': ({ broadcastKey }) => controlRoom.participants(broadcastKey),
    'broadcast.viewers': ({ broadcastKey }) => controlRoom.viewers(broadcastKey),
    'broadcast.rename': ({ broadcastKey, title }) => controlRoom.rename(broadcastKey, title),
    'broadcast.startRecording': ({ broadcastKey }) => controlRoom.startRecording(broadcastKey),
    'broadcast.stopRecording': ({ broadcastKey }) => controlRoom.stopRecording(broadcastKey),
    'broadcast.setCuePoint': ({ broadcastKey, at }) => controlRoom.setCuePoint(broadcastKey, at),
    'watch.subscribe': ({ spec }, context) =>
      Promise.resolve({ watchId: planner.subscribe(spec, context.clientId) }),
    'watch.unsubscribe': ({ watchId }) =>
      Promise.resolve({ removed: planner.unsubscribe(watchId) }),
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
        if (error instanceof PlatformError) return fail(error.error);
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
      planner.dropClient(clientId);
    },
    async dispose() {
      planner.dispose();
      for (const off of unsubscribeBudgets) off();
      if (budgetTimer) clearTimeout(budgetTimer);
      listeners.clear();
      await workspace.dispose();
    },
  };
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

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
