/**
 * Handlers of the upload queue's commands (`shared/commands/uploads.ts`), on the open
 * workspace's upload engine (opened from its queue file on first use).
 */
import { uploadCommands } from '../../shared/commands/uploads';
import { registerHandlers } from '../core/command-registry';
import { listVodCategories } from './upload-platform';

/** The uploads domain, registered. */
export const uploadHandlers = registerHandlers(uploadCommands, {
  'upload.list': async (_input, { session }) => (await session.uploads()).list(),
  'upload.vodCategories': (_input, { session }) => listVodCategories(session.account),
  'upload.enqueue': async ({ paths, target }, { session }) =>
    (await session.uploads()).enqueue(paths, target),
  'upload.pause': async ({ ids }, { session }) => (await session.uploads()).pause(ids),
  'upload.resume': async ({ ids }, { session }) => (await session.uploads()).resume(ids),
  'upload.retry': async ({ ids }, { session }) => (await session.uploads()).retry(ids),
  'upload.cancel': async ({ ids }, { session }) => (await session.uploads()).cancel(ids),
  'upload.clearFinished': async (_input, { session }) => (await session.uploads()).clearFinished(),
  'upload.setConcurrency': async ({ value }, { session }) =>
    (await session.uploads()).setConcurrency(value),
});
