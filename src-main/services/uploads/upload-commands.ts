/**
 * Handlers of the upload queue's commands (`shared/commands/uploads.ts`), on the open
 * workspace's upload engine (opened from its queue file on first use). Program media and
 * waiting screens are refused as a whole, before any file is checked or any call made, when
 * the token is known to be an administrator's (role-gate.ts).
 */
import { uploadCommands } from '../../shared/commands/uploads';
import { registerHandlers } from '../command-registry';
import { requireSuperAdmin } from '../role-gate';
import { listVodCategories } from './upload-platform';

/** The uploads domain, registered. */
export const uploadHandlers = registerHandlers(uploadCommands, {
  'upload.list': async (_input, { session }) => (await session.uploads()).list(),
  'upload.vodCategories': (_input, { session }) => listVodCategories(session.workspace),
  'upload.enqueue': async ({ paths, target }, { session }) => {
    if (target.kind !== 'vod') requireSuperAdmin(session.workspace, 'uploadRole.notQueued');
    return (await session.uploads()).enqueue(paths, target);
  },
  'upload.pause': async ({ ids }, { session }) => (await session.uploads()).pause(ids),
  'upload.resume': async ({ ids }, { session }) => (await session.uploads()).resume(ids),
  'upload.retry': async ({ ids }, { session }) => (await session.uploads()).retry(ids),
  'upload.cancel': async ({ ids }, { session }) => (await session.uploads()).cancel(ids),
  'upload.clearFinished': async (_input, { session }) => (await session.uploads()).clearFinished(),
  'upload.setConcurrency': async ({ value }, { session }) =>
    (await session.uploads()).setConcurrency(value),
});
