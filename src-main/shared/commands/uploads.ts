/**
 * The upload queue's commands and events (services/uploads/): VOD content, program media and
 * waiting-screen images. One-time upload URLs are asked for just in time at `bulk` priority;
 * the commands that only change the queue make no platform call (`local`).
 */
import { z } from 'zod';
import type { EnqueueResult, UploadChange, UploadSnapshot, UploadSummary } from '../uploads';
import {
  anyRole,
  command,
  defineCommands,
  defineEvents,
  event,
  returns,
  superAdminOnly,
  type OperationRef,
} from './define';
import { key, noInput } from './fields';

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

const changed = returns<{ changed: number }>();

/**
 * What sending a queued file may call: its one-time upload URL (VOD content, program media or
 * a waiting screen), then the platform's reads that follow it until it is processed.
 */
const sendOperations: readonly OperationRef[] = [
  'vod.createUploadUrl',
  'live.createProgramMediaUploadUrl',
  'live.createWaitFileUploadUrl',
  'vod.getMediaContentProgress',
  'live.listProgramMediaContents',
  'live.listWaitMediaContents',
];

/** Commands of the upload queue. */
export const uploadCommands = defineCommands({
  /** The whole queue of the current workspace, oldest first. */
  'upload.list': command({
    scope: 'platform',
    input: noInput,
    output: returns<UploadSnapshot>(),
    priority: 'local',
    category: 'uploads',
    effect: 'read',
    api: null,
    operations: [],
    roles: anyRole,
  }),
  /** Queues files (folders are walked); each is checked locally first. */
  'upload.enqueue': command({
    scope: 'platform',
    input: z.object({
      paths: z
        .array(z.string().min(1).max(4096))
        .min(1, 'Drop at least one file or folder.')
        .max(5000, 'At most 5,000 files or folders at once.'),
      target: uploadTarget,
    }),
    output: returns<EnqueueResult>(),
    priority: 'bulk',
    category: 'uploads',
    effect: 'change',
    api: 'any',
    operations: sendOperations,
    roles: superAdminOnly,
    // VOD content needs no live role; program media and waiting screens are the super
    // administrator's (spec, Endpoints).
    rolesFor: ({ target }) => (target.kind === 'vod' ? anyRole : superAdminOnly),
  }),
  'upload.pause': command({
    scope: 'platform',
    input: uploadIds,
    output: changed,
    priority: 'local',
    category: 'uploads',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
    offer: { palette: true },
  }),
  'upload.resume': command({
    scope: 'platform',
    input: uploadIds,
    output: changed,
    priority: 'bulk',
    category: 'uploads',
    effect: 'change',
    api: 'any',
    operations: sendOperations,
    roles: superAdminOnly,
    // The handler sends an administrator's VOD files only (services/uploads/upload-commands.ts).
    rolesFor: () => anyRole,
    offer: { palette: true },
  }),
  'upload.retry': command({
    scope: 'platform',
    input: uploadIds,
    output: changed,
    priority: 'bulk',
    category: 'uploads',
    effect: 'change',
    api: 'any',
    operations: sendOperations,
    roles: superAdminOnly,
    // The handler sends an administrator's VOD files only (services/uploads/upload-commands.ts).
    rolesFor: () => anyRole,
    offer: { palette: true },
  }),
  'upload.cancel': command({
    scope: 'platform',
    input: uploadIds,
    output: changed,
    priority: 'local',
    // Destructive: a started upload is deleted from the upload host; what was sent is lost.
    category: 'uploads',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: null,
    operations: [],
    roles: anyRole,
  }),
  /** Removes done and cancelled files from the list. */
  'upload.clearFinished': command({
    scope: 'platform',
    input: noInput,
    output: changed,
    priority: 'local',
    category: 'uploads',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
    offer: { palette: true },
  }),
  'upload.setConcurrency': command({
    scope: 'platform',
    input: z.object({
      value: z.number().int().min(1, 'At least 1 file at a time.').max(8, 'At most 8 at a time.'),
    }),
    output: returns<UploadSummary>(),
    priority: 'local',
    category: 'uploads',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
  }),
});

/** Events of the upload queue. */
export const uploadEvents = defineEvents({
  /** Files of the upload queue changed (at most 4 times a second while bytes flow). */
  'upload.changed': event<UploadChange>(),
});
