/** Handlers of `shared/commands/downloads.ts` (the download list of the open workspace). */
import { PlatformError } from '../../platform/errors';
import { downloadCommands } from '../../shared/commands/downloads';
import { say } from '../../shared/i18n/say';
import { registerHandlers } from '../core/command-registry';
import { folderPicker } from './download-folder';

/** The download list, registered. */
export const downloadHandlers = registerHandlers(downloadCommands, {
  'downloads.start': async ({ source, label }, { session }) => ({
    downloadId: await (await session.downloads()).start(source, label),
  }),
  'downloads.list': async (_input, { session }) => ({
    folder: await session.downloadFolder.get(),
    ...(await session.downloads()).snapshot(),
  }),
  'downloads.pause': async ({ ids }, { session }) => ({
    changed: await (await session.downloads()).pause(ids),
  }),
  'downloads.resume': async ({ ids }, { session }) => ({
    changed: await (await session.downloads()).resume(ids),
  }),
  'downloads.retry': async ({ ids }, { session }) => ({
    changed: await (await session.downloads()).retry(ids),
  }),
  'downloads.cancel': async ({ ids }, { session }) => ({
    changed: await (await session.downloads()).cancel(ids),
  }),
  'downloads.remove': async ({ ids }, { session }) => ({
    changed: await (await session.downloads()).remove(ids),
  }),
  'downloads.folder': async ({ folder }, { session }) => ({
    folder:
      folder === undefined
        ? await session.downloadFolder.get()
        : await session.downloadFolder.set(folder),
    canChoose: folderPicker() !== null,
  }),
  'downloads.chooseFolder': async (_input, { session }) => {
    const pick = folderPicker();
    if (pick === null)
      throw new PlatformError({ code: 'invalid-input', ...say('recordings.errors.noPicker') });
    const folder = await pick();
    return { folder: folder === null ? null : await session.downloadFolder.set(folder) };
  },
});
