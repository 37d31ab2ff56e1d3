/**
 * Reads a file through once, into one reused buffer, so its pages are in the page cache when a
 * timed upload starts.
 *
 * Why (measured on the 2-core bench machine, a VM): the kernel pages out file pages that were
 * not touched for a while (a DAMON `pageout` scheme runs there), so reading a 1 GB file again
 * costs 80 ms right after a read, 200 ms after 30 s idle, 600 ms after 60 s and up to 2.4 s of
 * system time after longer. In the uploads bench the app's timed upload starts some seconds
 * after curl's (process start, warm-up, settle), so without this the app, not curl, paid for
 * re-reading the file. Both now start with the file read through just before.
 */
import { open } from 'node:fs/promises';

/** Read size, bytes: one buffer, reused, so the reader's memory does not grow with the file. */
const readBytes = 1024 * 1024;

/**
 * Reads `path` from start to end and drops what it read.
 * @returns the bytes read
 * @throws the file's open or read error
 */
export async function readThrough(path: string): Promise<number> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(readBytes);
    let total = 0;
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, readBytes, total);
      if (bytesRead === 0) return total;
      total += bytesRead;
    }
  } finally {
    await file.close();
  }
}
