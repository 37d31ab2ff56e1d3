/**
 * The bridge contract: every command the renderer may ask (renderer -> main) and every
 * event main pushes (main -> renderer). Both hosts (Electron IPC and the browser host)
 * register from this one file; the preload and the browser shim expose the same
 * `window.desk` type. Inputs are validated in main with the zod schemas below, since the
 * renderer is untrusted. No command ever returns a token or a secret
 * (checked over the whole contract by `src-main/services/desk-core.test.ts`).
 */
import { z } from 'zod';
import type { Result } from './result';
import {
  channelOrders,
  type BudgetSnapshot,
  type Broadcast,
  type BatchPlan,
  type BatchProgress,
  type ChannelSummary,
  type ChatParticipants,
  type Fresh,
  type Page,
  type Program,
  type ProgramMedia,
  type ScheduledChannel,
  type WaitingScreen,
  type ViewerSeries,
  type AccountSummary,
  type Notice,
  type WatchUpdate,
  type WorkspaceInfo,
  type WorkspaceState,
} from './model';
import { languages, type Language, type LanguageChoice } from './i18n/languages';
import type { EnqueueResult, UploadChange, UploadItem, UploadSummary } from './uploads';

const key = z
  .string()
  .trim()
  .min(1, 'A key is required.')
  .max(64, 'That key is too long.')
  .regex(/^[A-Za-z0-9_-]+$/, 'Keys contain only letters, digits, - and _.');

/** ISO-8601 time with an offset, e.g. `2026-11-20T21:05:00Z`. */
const isoTime = z.iso.datetime({ offset: true, message: 'Give a time like 2026-11-20T21:05:00Z.' });

const broadcastInput = z.object({ broadcastKey: key });

const accountName = z
  .string()
  .trim()
  .min(1, 'Give the account a name.')
  .max(60, 'Account names are at most 60 characters.');

/** A platform base URL: https, or http on this machine only (a local sandbox). */
const baseUrl = z
  .string()
  .trim()
  .pipe(z.url('Enter the base URL, e.g. https://api-live-kr.kollus.com/api.'))
  .refine((value) => {
    const url = new URL(value);
    return (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    );
  }, 'Use an https:// address (plain http is allowed only for a sandbox on this machine).')
  .transform((value) => value.replace(/\/+$/, ''));

const programTitle = z
  .string()
  .trim()
  .min(1, 'A program needs a title.')
  .max(200, 'Titles are at most 200 characters.');

const programId = z.number().int().positive('A program id is a positive whole number.');

const uploadFileKeys = z
  .array(key)
  .min(1, 'Pick at least one media item.')
  .max(50, 'A program plays at most 50 media items.');

/** A UTC day, `YYYY-MM-DD`. */
const utcDay = z.iso.date({ message: 'Give a day like 2026-11-20.' });

/** One schedule operation (model `ScheduleOperation`). */
const scheduleOperation = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('create'),
    channelKey: key,
    title: programTitle,
    startAt: isoTime,
    uploadFileKeys,
    waitMediaContentKey: key.nullable().optional(),
  }),
  z.object({
    op: z.literal('update'),
    channelKey: key,
    programId,
    title: programTitle.optional(),
    startAt: isoTime.optional(),
    uploadFileKeys: uploadFileKeys.optional(),
    waitMediaContentKey: key.nullable().optional(),
  }),
  z.object({ op: z.literal('delete'), channelKey: key, programId }),
]);

/** Upload ids: several at once, or none for "every file". */
const uploadIds = z.object({
  ids: z.array(z.string().min(1).max(64)).max(5000, 'At most 5,000 files at once.').optional(),
});

const uploadTarget = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('vod'),
    categoryKey: key.optional(),
    title: z.string().trim().min(1).max(200, 'Titles are at most 200 characters.').optional(),
  }),
  z.object({ kind: z.literal('program-media') }),
  z.object({ kind: z.literal('waiting-screen') }),
]);

const secret = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Paste the ${what}.`)
    .max(8192, `That ${what} is too long.`)
    .refine((value) => !/\s/.test(value), `A ${what} has no spaces or line breaks.`);

/** zod schemas of every command's input, keyed by command name. */
export const commandInputs = {
  'workspace.get': z.object({}),
  'budget.get': z.object({}),
  'channel.list': z.object({
    keyword: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
    order: z.enum(channelOrders).optional(),
    page: z.number().int().min(1).optional(),
    perPage: z.number().int().min(1).max(100).optional(),
  }),
  'broadcast.get': broadcastInput,
  'broadcast.participants': broadcastInput,
  'broadcast.viewers': broadcastInput,
  'broadcast.rename': z.object({
    broadcastKey: key,
    title: z
      .string()
      .trim()
      .min(1, 'A broadcast needs a title.')
      .max(200, 'Titles are at most 200 characters.'),
  }),
  'broadcast.startRecording': broadcastInput,
  'broadcast.stopRecording': broadcastInput,
  'broadcast.setCuePoint': z.object({ broadcastKey: key, at: isoTime.optional() }),
  'watch.subscribe': z.object({
    spec: z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('channels'),
        keyword: z.string().trim().max(100).optional(),
        order: z.enum(channelOrders).optional(),
      }),
      z.object({ kind: z.literal('broadcast'), broadcastKey: key, focused: z.boolean() }),
    ]),
  }),
  'watch.unsubscribe': z.object({ watchId: z.string().min(1).max(64) }),
  'workspace.state': z.object({}),
  'workspace.switch': z.object({ id: z.string().min(1).max(64) }),
  'account.list': z.object({}),
  'account.add': z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('live'),
      name: accountName,
      baseUrl,
      serviceAccountKey: z
        .string()
        .trim()
        .min(1, 'Enter the service account key.')
        .max(128, 'That service account key is too long.')
        .regex(/^[A-Za-z0-9_-]+$/, 'A service account key has only letters, digits, - and _.'),
      token: secret('personal access token'),
    }),
    z.object({ kind: z.literal('vod'), name: accountName, baseUrl, token: secret('access token') }),
  ]),
  'account.remove': z.object({ id: z.string().min(1).max(64) }),
  'account.updateToken': z.object({ id: z.string().min(1).max(64), token: secret('token') }),
  'app.notices': z.object({}),
  /** Reads the interface language choice; sets it first when `language` is given (null: follow the OS locale). */
  'settings.language': z.object({ language: z.enum(languages).nullable().optional() }),
  'schedule.channels': z.object({}),
  'schedule.programs': z.object({ channelKey: key, from: isoTime, to: isoTime }),
  'schedule.media': z.object({
    keyword: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
  }),
  'schedule.waitingScreens': z.object({}),
  'schedule.apply': z.object({ operation: scheduleOperation }),
  'schedule.planCopyDay': z.object({ channelKey: key, fromDay: utcDay, toDay: utcDay }),
  'schedule.planFill': z.object({ channelKey: key, from: isoTime, to: isoTime, uploadFileKeys }),
  'schedule.runBatch': z.object({
    plan: z.object({
      operations: z.array(scheduleOperation).min(1, 'The batch is empty.').max(1000),
      calls: z.number().int().min(0),
      seconds: z.number().min(0),
      summary: z.string().max(2000),
    }),
  }),
  'upload.list': z.object({}),
  'upload.vodCategories': z.object({}),
  'upload.enqueue': z.object({
    paths: z
      .array(z.string().min(1).max(4096))
      .min(1, 'Drop at least one file or folder.')
      .max(5000, 'At most 5,000 files or folders at once.'),
    target: uploadTarget,
  }),
  'upload.pause': uploadIds,
  'upload.resume': uploadIds,
  'upload.retry': uploadIds,
  'upload.cancel': uploadIds,
  'upload.clearFinished': z.object({}),
  'upload.setConcurrency': z.object({
    value: z.number().int().min(1, 'At least 1 file at a time.').max(8, 'At most 8 at a time.'),
  }),
} as const;

/** Every command: its input (as the renderer writes it) and what it answers. */
export interface CommandMap {
  'workspace.get': {
    input: z.input<(typeof commandInputs)['workspace.get']>;
    output: WorkspaceInfo;
  };
  'budget.get': { input: z.input<(typeof commandInputs)['budget.get']>; output: BudgetSnapshot[] };
  'channel.list': {
    input: z.input<(typeof commandInputs)['channel.list']>;
    output: Fresh<Page<ChannelSummary>>;
  };
  'broadcast.get': { input: BroadcastRef; output: Fresh<Broadcast> };
  'broadcast.participants': { input: BroadcastRef; output: Fresh<ChatParticipants> };
  'broadcast.viewers': { input: BroadcastRef; output: Fresh<ViewerSeries> };
  'broadcast.rename': {
    input: z.input<(typeof commandInputs)['broadcast.rename']>;
    output: Fresh<Broadcast>;
  };
  'broadcast.startRecording': { input: BroadcastRef; output: Fresh<Broadcast> };
  'broadcast.stopRecording': { input: BroadcastRef; output: Fresh<Broadcast> };
  'broadcast.setCuePoint': {
    input: z.input<(typeof commandInputs)['broadcast.setCuePoint']>;
    output: Fresh<Broadcast>;
  };
  'watch.subscribe': {
    input: z.input<(typeof commandInputs)['watch.subscribe']>;
    output: { watchId: string };
  };
  'watch.unsubscribe': {
    input: z.input<(typeof commandInputs)['watch.unsubscribe']>;
    output: { removed: boolean };
  };
  'workspace.state': { input: Record<string, never>; output: WorkspaceState };
  'workspace.switch': {
    input: z.input<(typeof commandInputs)['workspace.switch']>;
    output: WorkspaceState;
  };
  'account.list': { input: Record<string, never>; output: AccountSummary[] };
  'account.add': { input: z.input<(typeof commandInputs)['account.add']>; output: AccountSummary };
  'account.remove': {
    input: z.input<(typeof commandInputs)['account.remove']>;
    output: { removed: boolean };
  };
  'account.updateToken': {
    input: z.input<(typeof commandInputs)['account.updateToken']>;
    output: AccountSummary;
  };
  'app.notices': { input: Record<string, never>; output: Notice[] };
  'settings.language': {
    input: z.input<(typeof commandInputs)['settings.language']>;
    /** `systemLanguage`: the OS locale's language where main knows it (Electron), else null. */
    output: { language: LanguageChoice; systemLanguage: Language | null };
  };
  'schedule.channels': { input: Record<string, never>; output: ScheduledChannel[] };
  'schedule.programs': {
    input: z.input<(typeof commandInputs)['schedule.programs']>;
    output: Fresh<Program[]>;
  };
  'schedule.media': {
    input: z.input<(typeof commandInputs)['schedule.media']>;
    output: ProgramMedia[];
  };
  'schedule.waitingScreens': { input: Record<string, never>; output: WaitingScreen[] };
  'schedule.apply': {
    input: z.input<(typeof commandInputs)['schedule.apply']>;
    output: { program: Program | null };
  };
  'schedule.planCopyDay': {
    input: z.input<(typeof commandInputs)['schedule.planCopyDay']>;
    output: BatchPlan;
  };
  'schedule.planFill': {
    input: z.input<(typeof commandInputs)['schedule.planFill']>;
    output: BatchPlan;
  };
  'schedule.runBatch': {
    input: z.input<(typeof commandInputs)['schedule.runBatch']>;
    output: { batchId: string };
  };
  /** The whole queue of the current workspace, oldest first. */
  'upload.list': {
    input: Record<string, never>;
    output: { items: UploadItem[]; summary: UploadSummary };
  };
  /** The VOD categories uploads may go to; `available: false` without a VOD account. */
  'upload.vodCategories': {
    input: Record<string, never>;
    output: { available: boolean; categories: { key: string; name: string; level: number }[] };
  };
  /** Queues files (folders are walked); each is checked locally first. */
  'upload.enqueue': {
    input: z.input<(typeof commandInputs)['upload.enqueue']>;
    output: EnqueueResult;
  };
  'upload.pause': { input: UploadIds; output: { changed: number } };
  'upload.resume': { input: UploadIds; output: { changed: number } };
  'upload.retry': { input: UploadIds; output: { changed: number } };
  'upload.cancel': { input: UploadIds; output: { changed: number } };
  /** Removes done and cancelled files from the list. */
  'upload.clearFinished': { input: Record<string, never>; output: { changed: number } };
  'upload.setConcurrency': {
    input: z.input<(typeof commandInputs)['upload.setConcurrency']>;
    output: UploadSummary;
  };
}

type UploadIds = z.input<typeof uploadIds>;

type BroadcastRef = z.input<typeof broadcastInput>;

/** Every event main pushes, with its payload. */
export interface EventMap {
  /** The budget of each API changed (at most a few times a second). */
  'budget.changed': BudgetSnapshot[];
  /** A watch fetched something new. */
  'watch.update': WatchUpdate;
  /** The workspace changed, or its health did (a 401 paused it, a new token resumed it). */
  'workspace.changed': WorkspaceState;
  /** A new notice for the operator. */
  'app.notice': Notice;
  /** A schedule batch ran one more operation, or stopped (`finished`). */
  'schedule.batchProgress': BatchProgress;
  /** Files of the upload queue changed (at most 4 times a second while bytes flow). */
  'upload.changed': UploadChange;
}

export type CommandName = keyof CommandMap;
export type CommandInput<C extends CommandName> = CommandMap[C]['input'];
export type CommandOutput<C extends CommandName> = CommandMap[C]['output'];
export type EventName = keyof EventMap;

/** Every command name, for hosts that register them and tests that walk them. */
export const commandNames = Object.keys(commandInputs) as CommandName[];

/** Every event name. */
export const eventNames: EventName[] = [
  'budget.changed',
  'watch.update',
  'workspace.changed',
  'app.notice',
  'schedule.batchProgress',
  'upload.changed',
];

/** True when `name` is a command of the contract (the renderer may send anything). */
export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && Object.hasOwn(commandInputs, name);
}

/** `window.desk`: the only door from the renderer to main. */
export interface DeskBridge {
  /** Asks main to run a command; never throws for platform errors, it answers a Result. */
  invoke<C extends CommandName>(
    command: C,
    input: CommandInput<C>,
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

/** IPC channel names used by the preload and hosts/electron-ipc.ts. */
export const ipcChannels = { invoke: 'desk:invoke', event: 'desk:event' } as const;
