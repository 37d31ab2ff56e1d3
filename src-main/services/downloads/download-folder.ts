/**
 * The download folder: one for the whole app, kept in `downloads.json` of the data folder
 * like the other settings (written atomically, validated on read; a damaged file is set
 * aside and the default applies). The default is `~/Downloads/OnAir Desk`, made on first use.
 * A folder the operator gives must exist and be writable, checked here in main before it is
 * kept (the browser host has no folder picker: the operator types a path).
 */
import { constants } from 'node:fs';
import { access, mkdir, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { PlatformError } from '../../platform/errors';
import { say } from '../../shared/i18n/say';
import { JsonStateFile } from '../core/local-state';

const folderSchema = z.object({ version: z.literal(1), folder: z.string().min(1).nullable() });

/** `~/Downloads/OnAir Desk`. */
export function defaultDownloadFolder(): string {
  return join(homedir(), 'Downloads', 'OnAir Desk');
}

/** The download folder setting of one data folder. */
export class DownloadFolder {
  readonly #file: JsonStateFile<z.infer<typeof folderSchema>>;

  constructor(dataDir: string) {
    this.#file = new JsonStateFile(
      join(dataDir, 'downloads.json'),
      folderSchema,
      () => ({ version: 1 as const, folder: null }),
      'download folder',
    );
  }

  /** The folder downloads go to now (absolute path). Never throws. */
  async get(): Promise<string> {
    const read = await this.#file.read();
    return read.value.folder ?? defaultDownloadFolder();
  }

  /**
   * Keeps `folder` for this and later runs, once checked.
   * @throws PlatformError `invalid-input` saying why (not absolute, missing, not a folder,
   * not writable); nothing is kept then.
   */
  async set(folder: string): Promise<string> {
    await checkFolder(folder);
    const absolute = resolve(folder);
    await this.#file.write({ version: 1, folder: absolute });
    return absolute;
  }

  /**
   * The folder to write into now, made when it is the default (`~/Downloads` may not have an
   * `OnAir Desk` folder yet); a chosen folder that went away is an error, not re-made.
   * @throws PlatformError when it cannot be written.
   */
  async ready(folder: string): Promise<void> {
    if (folder === defaultDownloadFolder()) await mkdir(folder, { recursive: true });
    await checkFolder(folder);
  }
}

async function checkFolder(folder: string): Promise<void> {
  if (!isAbsolute(folder)) throw refusal('recordings.errors.folderRelative', folder);
  const info = await stat(folder).catch(() => null);
  if (info === null) throw refusal('recordings.errors.folderMissing', folder);
  if (!info.isDirectory()) throw refusal('recordings.errors.folderNotFolder', folder);
  const writable = await access(folder, constants.W_OK).then(
    () => true,
    () => false,
  );
  if (!writable) throw refusal('recordings.errors.folderReadOnly', folder);
}

function refusal(
  key:
    | 'recordings.errors.folderRelative'
    | 'recordings.errors.folderMissing'
    | 'recordings.errors.folderNotFolder'
    | 'recordings.errors.folderReadOnly',
  folder: string,
): PlatformError {
  return new PlatformError({ code: 'invalid-input', ...say(key, { folder }) });
}

type FolderPicker = () => Promise<string | null>;
let picker: FolderPicker | null = null;

/**
 * The host's folder picker (Electron: `dialog.showOpenDialog`); the browser host has none.
 * Set once at start-up by the host, since services never import `electron`.
 */
export function setFolderPicker(pick: FolderPicker | null): void {
  picker = pick;
}

/** The host's folder picker, or null where there is none. */
export function folderPicker(): FolderPicker | null {
  return picker;
}
