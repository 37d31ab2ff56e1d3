/**
 * The app's settings in `settings.json` of the data folder (written atomically, validated on
 * read; a damaged file is set aside with a notice and the defaults apply): today, the
 * workspace that was open last.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { JsonStateFile } from './local-state';

const settingsSchema = z.object({
  version: z.literal(1),
  activeWorkspace: z.string().min(1).max(64),
});

/** The settings as read at start-up. */
export interface Settings {
  /** The workspace open when the app last ran (`sandbox` by default). */
  readonly activeWorkspace: string;
  /**
   * Remembers the open workspace for the next start.
   * @throws Error from the file system when it cannot be written.
   */
  rememberActiveWorkspace(id: string): Promise<void>;
}

/** Reads the settings of `dataDir`; `notice` tells of a damaged file that was set aside. */
export async function openSettings(
  dataDir: string,
): Promise<{ settings: Settings; notice?: string }> {
  const file = new JsonStateFile(
    join(dataDir, 'settings.json'),
    settingsSchema,
    () => ({ version: 1 as const, activeWorkspace: 'sandbox' }),
    'settings',
  );
  const read = await file.read();
  const settings: Settings = {
    activeWorkspace: read.value.activeWorkspace,
    rememberActiveWorkspace: (id) => file.write({ version: 1, activeWorkspace: id }),
  };
  return { settings, ...(read.notice ? { notice: read.notice } : {}) };
}
