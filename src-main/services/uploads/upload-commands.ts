/**
 * Handlers of the upload queue's commands (`shared/commands/uploads.ts`), on the open
 * workspace's upload engine (opened from its queue file on first use).
 */
import { uploadCommands } from '../../shared/commands/uploads';
import { registerHandlers } from '../core/command-registry';
import type { Role } from '../../shared/commands/define';
import type { UploadItem } from '../../shared/uploads';

/**
 * The files of `ids` (undefined: the whole queue) this token may send: an administrator's
 * sends VOD content only, since program media and waiting screens are the super
 * administrator's (spec, Endpoints); the others stay as they are, and nothing is asked of the
 * platform for them. With the role unknown or the super administrator's, `ids` unchanged.
 */
export function sendable(
  items: readonly UploadItem[],
  ids: string[] | undefined,
  role: Role | null,
): string[] | undefined {
  if (role !== 'admin') return ids;
  const chosen = ids ? new Set(ids) : null;
  return items
    .filter((item) => item.kind === 'vod' && (chosen?.has(item.id) ?? true))
    .map((item) => item.id);
}

/** The uploads domain, registered. */
export const uploadHandlers = registerHandlers(uploadCommands, {
  'upload.list': async (_input, { session }) => (await session.uploads()).list(),
  'upload.enqueue': async ({ paths, target }, { session }) =>
    (await session.uploads()).enqueue(paths, target),
  'upload.pause': async ({ ids }, { session }) => (await session.uploads()).pause(ids),
  'upload.resume': async ({ ids }, { session }) => {
    const engine = await session.uploads();
    return engine.resume(sendable(engine.list().items, ids, session.workspace.role.get()));
  },
  'upload.retry': async ({ ids }, { session }) => {
    const engine = await session.uploads();
    return engine.retry(sendable(engine.list().items, ids, session.workspace.role.get()));
  },
  'upload.cancel': async ({ ids }, { session }) => (await session.uploads()).cancel(ids),
  'upload.clearFinished': async (_input, { session }) => (await session.uploads()).clearFinished(),
  'upload.setConcurrency': async ({ value }, { session }) =>
    (await session.uploads()).setConcurrency(value),
});
