/**
 * The schedule timeline's commands and events: scheduled channels, their programs, program
 * media, waiting screens, single edits and batches (services/schedule.ts). Reads and the
 * operator's on-screen edits run at `view` priority, batches at `bulk`.
 */
import { z } from 'zod';
import type { BatchPlan, Fresh, Program, ProgramMedia, WaitingScreen } from '../model';
import { anyRole, command, defineCommands, returns, superAdminOnly } from './define';
import { isoDay, isoTime, key, noInput, requiredText, searchKeyword } from './fields';

const programTitle = requiredText(
  200,
  'A program needs a title.',
  'Titles are at most 200 characters.',
);

const programId = z.number().int().positive('A program id is a positive whole number.');

const uploadFileKeys = z
  .array(key)
  .min(1, 'Pick at least one media item.')
  .max(50, 'A program plays at most 50 media items.');

/**
 * The program as the editor last read it (model `ProgramRead`): main re-reads it before an
 * update or delete and refuses with `crossed` when someone changed it since.
 */
const programRead = z.object({
  updatedAt: isoTime,
  title: z.string().max(200),
  startAt: isoTime,
  uploadFileKeys: z.array(key).max(50),
  waitMediaContentKey: key.nullable(),
});

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
    read: programRead.optional(),
  }),
  z.object({
    op: z.literal('delete'),
    channelKey: key,
    programId,
    read: programRead.optional(),
  }),
]);

/** Commands of the schedule timeline. */
export const scheduleCommands = defineCommands({
  'schedule.programs': command({
    scope: 'platform',
    input: z.object({ channelKey: key, from: isoTime, to: isoTime }),
    output: returns<Fresh<Program[]>>(),
    priority: 'view',
    category: 'schedule',
    effect: 'read',
    api: 'live',
    operations: ['live.listChannelPrograms'],
    roles: anyRole,
  }),
  'schedule.media': command({
    scope: 'platform',
    input: z.object({
      keyword: searchKeyword.optional(),
    }),
    output: returns<ProgramMedia[]>(),
    priority: 'view',
    category: 'schedule',
    effect: 'read',
    api: 'live',
    operations: ['live.listProgramMediaContents'],
    roles: anyRole,
  }),
  /** Programs of every scheduled channel overlapping `[from, to)` (listPrograms). */
  'schedule.agenda': command({
    scope: 'platform',
    input: z.object({ from: isoTime, to: isoTime }),
    output: returns<Fresh<Program[]>>(),
    priority: 'view',
    category: 'schedule',
    effect: 'read',
    api: 'live',
    operations: ['live.listPrograms'],
    roles: anyRole,
  }),
  /** Deletes an uploaded program media item for good (deleteProgramMediaContent). */
  'schedule.deleteMedia': command({
    scope: 'platform',
    input: z.object({ uploadFileKey: key }),
    output: returns<null>(),
    priority: 'command',
    category: 'schedule',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: 'live',
    operations: ['live.deleteProgramMediaContent'],
    roles: superAdminOnly,
  }),
  'schedule.waitingScreens': command({
    scope: 'platform',
    input: noInput,
    output: returns<WaitingScreen[]>(),
    priority: 'view',
    category: 'schedule',
    effect: 'read',
    api: 'live',
    operations: ['live.listWaitMediaContents'],
    roles: anyRole,
  }),
  /** One create, update or delete, as one platform call; `program` is null after a delete. */
  'schedule.apply': command({
    scope: 'platform',
    input: z.object({ operation: scheduleOperation }),
    output: returns<{ program: Program | null }>(),
    priority: 'view',
    // A change, deletes included: the timeline undoes each one (its inverse is sent back).
    category: 'schedule',
    effect: 'change',
    api: 'live',
    operations: [
      'live.createProgram',
      'live.updateProgram',
      'live.deleteProgram',
      'live.listChannelPrograms',
    ],
    roles: superAdminOnly,
  }),
  'schedule.planCopyDay': command({
    scope: 'platform',
    input: z.object({ channelKey: key, fromDay: isoDay, toDay: isoDay }),
    output: returns<BatchPlan>(),
    priority: 'view',
    category: 'schedule',
    effect: 'read',
    api: 'live',
    operations: ['live.listChannelPrograms'],
    roles: anyRole,
  }),
  'schedule.planFill': command({
    scope: 'platform',
    input: z.object({ channelKey: key, from: isoTime, to: isoTime, uploadFileKeys }),
    output: returns<BatchPlan>(),
    priority: 'view',
    category: 'schedule',
    effect: 'read',
    api: 'live',
    operations: ['live.listProgramMediaContents', 'live.listChannelPrograms'],
    roles: anyRole,
  }),
  /** Starts a batch and answers at once; progress comes as `batches.changed`. */
  'schedule.runBatch': command({
    scope: 'platform',
    input: z.object({
      plan: z.object({
        operations: z.array(scheduleOperation).min(1, 'The batch is empty.').max(1000),
        calls: z.number().int().min(0),
        seconds: z.number().min(0),
        summary: z.string().max(2000),
      }),
    }),
    output: returns<{ batchId: string }>(),
    priority: 'bulk',
    category: 'schedule',
    effect: 'change',
    api: 'live',
    operations: [
      'live.createProgram',
      'live.updateProgram',
      'live.deleteProgram',
      'live.listChannelPrograms',
    ],
    roles: superAdminOnly,
  }),
});
