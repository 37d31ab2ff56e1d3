/**
 * The bridge contract: every command the renderer may ask (renderer -> main) and every event
 * main pushes (main -> renderer), joined from each domain's declarations in `./commands/`
 * (a command is declared once there: name, zod input schema, output type, API priority).
 * Both hosts, the preload and the renderer's types derive from this table. Inputs are
 * validated in main with the declared schemas, since the renderer is untrusted. No command
 * ever returns a token or a secret (checked over every declared command by
 * `src-main/services/desk-core.test.ts`).
 */
import type { Result } from './result';
import { controlRoomCommands, controlRoomEvents } from './commands/control-room';
import {
  joinDomains,
  type Confirmation,
  type WayIn,
  type InputOf,
  type OutputOf,
  type ParsedInputOf,
  type PayloadOf,
} from './commands/define';
import { channelCommands } from './commands/channels';
import { channelAdminCommands } from './commands/channel-admin';
import { recordingCommands } from './commands/recordings';
import { downloadCommands, downloadEvents } from './commands/downloads';
import { statisticsCommands } from './commands/statistics';
import { libraryCommands } from './commands/library';
import { libraryContentCommands } from './commands/library-content';
import { libraryAdminCommands } from './commands/library-admin';
import { persistCommands } from './commands/persist';
import { scheduleCommands } from './commands/schedule';
import { batchCommands, batchEvents } from './commands/batches';
import { settingsCommands, settingsEvents } from './commands/settings';
import { uploadCommands, uploadEvents } from './commands/uploads';
import { workspaceCommands, workspaceEvents } from './commands/workspaces';
import { diagnosticsCommands } from './commands/diagnostics';
import { rehearsalCommands } from './commands/rehearsal';
import { presenceEvents, studioDomainCommands } from './commands/presence';
import { notificationEvents } from './commands/notifications';
import { activityCommands } from './commands/activity';
import { panelCommands } from './commands/panels';
import { workstationCommands, workstationEvents } from './commands/workstation';
import { windowCommands, windowEvents } from './commands/windows';

export { ipcChannels } from './ipc-channels';

/** Each domain's commands; a new domain is one more line here (and one handler table). */
export const commandDomains = {
  controlRoom: controlRoomCommands,
  schedule: scheduleCommands,
  uploads: uploadCommands,
  workspaces: workspaceCommands,
  settings: settingsCommands,
  channels: channelCommands,
  channelAdmin: channelAdminCommands,
  recordings: recordingCommands,
  downloads: downloadCommands,
  statistics: statisticsCommands,
  library: libraryCommands,
  libraryContent: libraryContentCommands,
  libraryAdmin: libraryAdminCommands,
  persist: persistCommands,
  diagnostics: diagnosticsCommands,
  rehearsal: rehearsalCommands,
  batches: batchCommands,
  // Presence (`presence.*`) is the studio's too, but seats may send it: not `studio.*`.
  studio: studioDomainCommands,
  activity: activityCommands,
  panels: panelCommands,
  workstation: workstationCommands,
  windows: windowCommands,
} as const;

/** The name of a domain of commands. */
export type CommandDomain = keyof typeof commandDomains;

/** Every command's declaration, keyed by name. */
export const commands = joinDomains(commandDomains);

/** Every event's declaration, keyed by name. */
export const events = joinDomains({
  controlRoom: controlRoomEvents,
  batches: batchEvents,
  downloads: downloadEvents,
  uploads: uploadEvents,
  workspaces: workspaceEvents,
  notifications: notificationEvents,
  studio: presenceEvents,
  workstation: workstationEvents,
  windows: windowEvents,
  settings: settingsEvents,
});

type Commands = typeof commands;
type Events = typeof events;

export type CommandName = keyof Commands;
/** A command's input as the renderer writes it. */
export type CommandInput<C extends CommandName> = InputOf<Commands[C]>;
/** A command's input after main validated it (what its handler gets). */
export type ParsedCommandInput<C extends CommandName> = ParsedInputOf<Commands[C]>;
/** What a command answers inside `{ ok: true, data }`. */
export type CommandOutput<C extends CommandName> = OutputOf<Commands[C]>;

/** Every command: its input (as the renderer writes it) and what it answers. */
export type CommandMap = {
  [C in CommandName]: { input: CommandInput<C>; output: CommandOutput<C> };
};

export type EventName = keyof Events;
/** Every event main pushes, with its payload. */
export type EventMap = { [E in EventName]: PayloadOf<Events[E]> };

/** Every command name, for hosts that register them and tests that walk them. */
export const commandNames = Object.keys(commands) as CommandName[];

/** Every event name. */
export const eventNames = Object.keys(events) as EventName[];

/** True when `name` is a command of the contract (the renderer may send anything). */
export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && Object.hasOwn(commands, name);
}

/**
 * True when `name` is an event of this desk's own (declared `scope: 'workstation'`: its settings,
 * its windows): a studio hub keeps it from its seats, a seat's own desk pushes it to its pages.
 */
export function isOwnDesksEvent(name: unknown): boolean {
  return (
    typeof name === 'string' &&
    Object.hasOwn(events, name) &&
    events[name as EventName].scope === 'workstation'
  );
}

/**
 * What a way in says about a call besides its input: how the operator reached it (a button of
 * the page unless said) and, for a destructive command, the confirmation it carries. Main's
 * pipeline refuses a destructive command without its confirmation, whatever the way in.
 */
export interface CallMeta {
  via?: WayIn;
  confirmation?: Confirmation;
}

/** The options of {@link DeskBridge.invoke}: the call's meta and, for reads, a signal. */
export interface InvokeOptions extends CallMeta {
  signal?: AbortSignal;
}

/** `window.desk`: the only door from the renderer to main. */
export interface DeskBridge {
  /**
   * Asks main to run a command; never throws for platform errors, it answers a Result.
   * `signal` (browser host) closes the request when the asker stops waiting: main drops a
   * read still queued for the platform; the promise then rejects with the signal's reason.
   * Electron's IPC cannot withdraw a call: there the read is answered and thrown away.
   */
  invoke<C extends CommandName>(
    command: C,
    input: CommandInput<C>,
    options?: InvokeOptions,
  ): Promise<Result<CommandOutput<C>>>;
  /** Listens to an event; returns the function that stops listening. */
  on<E extends EventName>(event: E, listener: (payload: EventMap[E]) => void): () => void;
  /** Which host serves the renderer. */
  readonly host: 'electron' | 'browser';
  /**
   * Paths on this workstation of files (or, in Electron, folders) the operator dropped or
   * picked, for `upload.enqueue`. Electron answers their real paths (`webUtils`). A browser
   * never tells a page where a file lives, so the browser host first copies each file,
   * streamed, into the data folder (`dropped/`) and answers the copies' paths; the renderer
   * walks dropped folders itself there. `onProgress(doneBytes, totalBytes)` reports copying.
   */
  filePaths(
    files: File[],
    onProgress?: (doneBytes: number, totalBytes: number) => void,
  ): Promise<Result<string[]>>;
}
