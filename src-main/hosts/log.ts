/**
 * The main-process log: `logs/main.log` in the data folder, mirrored to stderr, rotated
 * when it passes `maxBytes` (main.log -> main.1.log -> ... -> main.<keep>.log, oldest
 * dropped). Every line passes through {@link redact} first, so tokens, access_token
 * parameters and recording-destination credentials never reach a file or a terminal.
 */
import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { redact } from '../secrets/redact';

export interface Log {
  write(message: string): void;
  close(): Promise<void>;
}

export interface LogOptions {
  /** Rotate when the log would pass this size, bytes (default 1 MiB). */
  maxBytes?: number;
  /** Rotated files kept (default 3). */
  keep?: number;
  /** Where lines are mirrored (default stderr; null for none). */
  mirror?: NodeJS.WritableStream | null;
}

/** Opens the log in `dataDir/logs/main.log` (appending). */
export function createLog(dataDir: string, options: LogOptions = {}): Promise<Log> {
  const dir = join(dataDir, 'logs');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, 'main.log');
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const keep = options.keep ?? 3;
  const mirror = options.mirror === undefined ? process.stderr : options.mirror;
  let size = sizeOf(file);
  const rotate = () => {
    rmSync(join(dir, `main.${keep}.log`), { force: true });
    for (let i = keep - 1; i >= 1; i--) {
      try {
        renameSync(join(dir, `main.${i}.log`), join(dir, `main.${i + 1}.log`));
      } catch {
        // A missing older file is fine.
      }
    }
    renameSync(file, join(dir, 'main.1.log'));
    size = 0;
  };
  return Promise.resolve({
    write(message) {
      const line = `${new Date().toISOString()} ${redact(message)}\n`;
      const bytes = Buffer.byteLength(line);
      if (size > 0 && size + bytes > maxBytes) rotate();
      // Synchronous: a crash right after a line still leaves the line on disk.
      appendFileSync(file, line, { mode: 0o600 });
      size += bytes;
      mirror?.write(line);
    },
    close: () => Promise.resolve(),
  });
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
