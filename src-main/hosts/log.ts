/**
 * The main-process log: `logs/main.log` in the data folder, mirrored to stderr. Every line
 * passes through {@link redact} first, so tokens never reach a file or a terminal.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { redact } from './redact';

export interface Log {
  write(message: string): void;
  close(): Promise<void>;
}

/** Opens the log in `dataDir/logs/main.log` (appending). */
export async function createLog(
  dataDir: string,
  mirror: NodeJS.WritableStream | null = process.stderr,
): Promise<Log> {
  await mkdir(join(dataDir, 'logs'), { recursive: true });
  const stream: WriteStream = createWriteStream(join(dataDir, 'logs', 'main.log'), {
    flags: 'a',
    mode: 0o600,
  });
  return {
    write(message) {
      const line = `${new Date().toISOString()} ${redact(message)}\n`;
      stream.write(line);
      mirror?.write(line);
    },
    close: () => new Promise((done) => stream.end(done)),
  };
}
