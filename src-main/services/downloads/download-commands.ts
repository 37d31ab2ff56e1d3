/** Handlers of `shared/commands/transfers.ts` (the transfer list of the open workspace). */
import { PlatformError } from '../../platform/errors';
import { transferCommands } from '../../shared/commands/transfers';
import { say } from '../../shared/i18n/say';
import { registerHandlers } from '../core/command-registry';
import { folderPicker } from './download-folder';

/** The transfer list, registered. */
export const downloadHandlers = registerHandlers(transferCommands, {
  'transfer.start': async ({ source, label }, { session }) => ({
    transferId: await (await session.downloads()).start(source, label),
  }),
  'transfer.list': async (_input, { session }) => ({
    folder: await session.downloadFolder.get(),
    ...(await session.downloads()).snapshot(),
  }),
  'transfer.pause': async ({ ids }, { session }) => ({
    changed: await (await session.downloads()).pause(ids),
  }),
  'transfer.resume': async ({ ids }, { session }) => ({
    changed: await (await session.downloads()).resume(ids),
  }),
  'transfer.retry': async ({ ids }, { session }) => ({
    changed: await (await session.downloads()).retry(ids),
  }),
  'transfer.cancel': async ({ ids }, { session }) => ({
    changed: await (await session.downloads()).cancel(ids),
  }),
  'transfer.remove': async ({ ids }, { session }) => ({
    changed: await (await session.downloads()).remove(ids),
  }),
  'transfer.folder': async ({ folder }, { session }) => ({
    folder:
      folder === undefined
        ? await session.downloadFolder.get()
        : await session.downloadFolder.set(folder),
    canChoose: folderPicker() !== null,
  }),
  'transfer.chooseFolder': async (_input, { session }) => {
    const pick = folderPicker();
    if (pick === null)
      throw new PlatformError({ code: 'invalid-input', ...say('recordings.errors.noPicker') });
    const folder = await pick();
    return { folder: folder === null ? null : await session.downloadFolder.set(folder) };
  },
});
