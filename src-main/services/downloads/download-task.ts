/**
 * One download's task (docs/dev/architecture.md, "Uploads and downloads"): the short-lived URL
 * asked for just in time and again when it expired or the server says it is gone, the bytes
 * into the part file (download-run.ts, resuming with `Range`), a broken connection tried again
 * ({@link maxInterruptions} times, `retryStepMs` × n apart) from where the part file ends, and
 * the part file put under a free final name at the end, never replacing a file (part-file.ts). Also how a failed download is said.
 */
import { PlatformError } from '../../platform/errors';
import type { Download, DownloadSource } from '../../shared/downloads-model';
import type { MessageRef } from '../../shared/i18n/message';
import { say } from '../../shared/i18n/say';
import type { SpeedMeter } from '../core/speed-meter';
import { runDownload, waitUnlessAborted } from './download-run';
import { placeFinal, type PartRecord } from './part-file';

/** A download URL as the platform gave it; `expiresAtMs` epoch ms UTC. */
export interface DownloadLink {
  url: string;
  fileName: string;
  expiresAtMs: number;
}

/** One download of the list with what is kept in memory only (its link, its run, its speed). */
export interface DownloadEntry {
  download: Download;
  partPath: string | null;
  /** What the list recorded of its part file when it last wrote it (part-file.ts). */
  part: PartRecord | null;
  link: DownloadLink | null;
  controller: AbortController | null;
  running: Promise<void> | null;
  speed: SpeedMeter;
}

/** Tries after a broken connection before the download fails. */
export const maxInterruptions = 3;
/** A link this close to expiry is asked for again rather than used, ms. */
const linkMarginMs = 5000;

/** What a download's task needs from its list. */
export interface DownloadTaskHooks {
  /** Makes sure the folder can be written (throws why not). */
  ready: (folder: string) => Promise<void>;
  /** Asks the platform for the source's download URL (at `bulk` priority). */
  resolve: (source: DownloadSource, signal: AbortSignal) => Promise<DownloadLink>;
  /** Epoch ms UTC. */
  now: () => number;
  /** Wait before the first try again after a broken connection, ms (the n-th waits n times it). */
  retryStepMs: number;
  /** Sets the download's note (a new URL was needed, or it started over). */
  note: (note: 'restarted' | 'new-url') => void;
  /**
   * Picks a free part file for the platform's file name (sets `entry.partPath`, clears
   * `entry.part`): a name no other download uses and nothing on disk has.
   */
  choosePart: (platformName: string) => Promise<void>;
  /** Bytes received so far and the total when known, bytes. */
  progress: (received: number, total: number | null) => void;
  fetch?: typeof fetch;
}

/**
 * Runs `entry`'s download to its end: resolves when the file is under its final name (the
 * entry says `done`), throws a PlatformError or a file error when it fails, or the abort
 * reason when `signal` aborts.
 */
export async function runDownloadTask(
  entry: DownloadEntry,
  hooks: DownloadTaskHooks,
  signal: AbortSignal,
): Promise<void> {
  const { download } = entry;
  await hooks.ready(download.folder);
  let interruptions = 0;
  let freshLink = false;
  for (;;) {
    if (entry.link === null || entry.link.expiresAtMs - linkMarginMs <= hooks.now()) {
      const hadLink = entry.link !== null || entry.partPath !== null;
      entry.link = await hooks.resolve(download.source, signal);
      freshLink = true;
      if (hadLink) hooks.note('new-url');
    }
    if (entry.partPath === null) await hooks.choosePart(entry.link.fileName);
    const partPath = entry.partPath ?? '';
    const outcome = await runDownload(
      entry.link.url,
      { path: partPath, record: entry.part },
      signal,
      hooks.progress,
      (record) => {
        entry.part = record;
      },
      hooks.fetch,
    );
    if (outcome.kind === 'foreign-part') {
      // Not the part file this list wrote (replaced, a link, or a new name taken meanwhile):
      // left alone, and the download starts over under another name.
      interruptions += 1;
      if (interruptions > maxInterruptions)
        throw new Error(`no part file of its own could be written in ${download.folder}`);
      if (entry.part !== null || entry.download.receivedBytes > 0) hooks.note('restarted');
      entry.partPath = null;
      entry.part = null;
      hooks.progress(0, null);
      continue;
    }
    if (outcome.kind !== 'link-gone' && outcome.restarted) hooks.note('restarted');
    if (outcome.kind === 'complete') {
      if (entry.part === null) throw new Error(`the part file ${partPath} was not recorded`);
      const path = await placeFinal(
        partPath,
        entry.part,
        entry.download.folder,
        entry.download.fileName ?? '',
      );
      entry.partPath = null;
      entry.part = null;
      entry.download = {
        ...entry.download,
        state: 'done',
        path,
        receivedBytes: outcome.totalBytes,
        totalBytes: outcome.totalBytes,
        bytesPerSecond: null,
        etaSeconds: null,
      };
      return;
    }
    if (outcome.kind === 'link-gone') {
      // A link we were just given and that is already gone will not come back: say so.
      if (freshLink) throw outcome.error;
      entry.link = null;
      continue;
    }
    interruptions += 1;
    freshLink = false;
    if (interruptions > maxInterruptions) {
      throw outcome.cause instanceof PlatformError
        ? outcome.cause
        : new PlatformError({ code: 'network', ...say('recordings.errors.downloadInterrupted') });
    }
    await waitUnlessAborted(interruptions * hooks.retryStepMs, signal);
  }
}

/** How a failed download is said: the platform's words, or ours with the error's message. */
export function failureWords(error: unknown): { message: string; text?: MessageRef } {
  return error instanceof PlatformError
    ? { message: error.error.message, ...(error.error.text ? { text: error.error.text } : {}) }
    : say('recordings.errors.downloadFailed', {
        reason: error instanceof Error ? error.message : '',
      });
}
