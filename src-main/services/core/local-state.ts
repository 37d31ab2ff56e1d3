/**
 * Local state files in the app's data folder (settings, accounts): JSON, written atomically
 * (temp file, fsync, rename), validated on read with zod. A corrupt file is set aside as
 * `<name>.corrupt-<time>` with a message for the operator; it never stops the app from
 * starting and never takes another file with it. Secrets are never written here.
 */
import type { MessageRef } from '../../shared/i18n/message';
import { say } from '../../shared/i18n/say';
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { z } from 'zod';

/** What reading a state file found. `notice` explains a file that was set aside. */
export interface ReadResult<T> {
  value: T;
  notice?: string;
  /** `notice` as a catalogue message, for the operator's language. */
  noticeText?: MessageRef;
}

/** The catalogue names of the files the operator knows by name; others keep their label. */
const fileNames: Record<string, MessageRef> = {
  settings: { key: 'errors.fileSettings' },
  'accounts list': { key: 'errors.fileAccounts' },
  'upload queue': { key: 'errors.fileUploadQueue' },
  'hardware panels': { key: 'errors.filePanels' },
};

/** One JSON state file with its schema and the value used when it is missing or corrupt. */
export class JsonStateFile<T> {
  constructor(
    readonly path: string,
    private readonly schema: z.ZodType<T>,
    private readonly fallback: () => T,
    /** What the operator calls this file, e.g. "accounts list". */
    private readonly label: string,
  ) {}

  /** Reads and validates the file; a missing file gives the fallback, a corrupt one is set aside. */
  async read(): Promise<ReadResult<T>> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { value: this.fallback() };
      const said = say('errors.fileUnreadable', {
        label: fileNames[this.label] ?? this.label,
        reason: (error as Error).message,
      });
      return { value: this.fallback(), notice: said.message, noticeText: said.text };
    }
    let reason: string;
    try {
      const parsed = this.schema.safeParse(JSON.parse(text));
      if (parsed.success) return { value: parsed.data };
      reason = parsed.error.issues[0]?.message ?? 'unexpected content';
    } catch {
      reason = 'not valid JSON';
    }
    const aside = `${this.path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(this.path, aside).catch(() => undefined);
    const said = say('errors.fileDamaged', {
      label: fileNames[this.label] ?? this.label,
      reason,
      aside: basename(aside),
    });
    return { value: this.fallback(), notice: said.message, noticeText: said.text };
  }

  /** The last write asked for: writes run one after the other, in the order asked. */
  #writing: Promise<void> = Promise.resolve();

  /**
   * Writes the value atomically (readers see the old file or the new one, never half). Writes
   * run in the order they were asked, so a write that started later never loses to an earlier
   * one finishing last (a fire-and-forget stamp beside a setting's save).
   * @throws ZodError when the value does not match the schema; the fs error of a failed write.
   */
  async write(value: T): Promise<void> {
    const checked = this.schema.parse(value);
    const written = this.#writing.then(() => this.#writeNow(checked));
    this.#writing = written.catch(() => undefined);
    await written;
  }

  async #writeNow(checked: T): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const temp = join(
      dirname(this.path),
      `.${basename(this.path)}.${randomBytes(6).toString('hex')}.tmp`,
    );
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(checked, null, 2)}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, this.path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
}
