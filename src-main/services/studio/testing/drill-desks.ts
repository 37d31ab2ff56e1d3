/**
 * The takeover drill's desks and small helpers (see backup-harness.ts): a desk core on the
 * sandbox with its own keychain in memory, how a seat's answer ended, and waiting.
 */
import { mkdir } from 'node:fs/promises';
import type { SandboxInfo } from '../../../sandbox/index';
import type { ChannelSummary, Fresh, Page } from '../../../shared/model';
import type { DeskError, Result } from '../../../shared/result';
import { createDeskCore, type DeskCoreWithPanels } from '../../app/desk-core';
import { memorySecrets } from '../../app/test-support';
import { openSandboxWorkspace } from '../../workspaces/workspace';
import { surelyNotSent } from '../seat';

/** How one command of the workload ended at the seat. */
export type DrillOutcome = 'ok' | 'unknown' | 'not-sent' | 'refused';

/** A desk core on the sandbox `info` with the platform's pacing, its calls through `wire`. */
export async function desk(
  dataDir: string,
  info: SandboxInfo,
  wire: (request: Request) => Promise<Response>,
): Promise<DeskCoreWithPanels> {
  await mkdir(dataDir, { recursive: true });
  return createDeskCore({
    dataDir,
    // A keychain in memory: each desk of the drill has its own.
    secrets: memorySecrets(),
    openSandbox: () => openSandboxWorkspace({ sandboxInfo: info, fetch: wire }),
    log: () => undefined,
  });
}

/** How a seat's answer ended, as the drill reports it (see `DrillOutcome`). */
export function outcomeOf(answer: Result<unknown>): DrillOutcome {
  if (answer.ok) return 'ok';
  if (answer.error.text?.key === 'studio.errors.outcomeUnknown') return 'unknown';
  return surelyNotSent(answer.error) ? 'not-sent' : 'refused';
}

/** The error's catalogue key, or its code when it has none. */
export function keyOf(error: DeskError): string {
  return error.text?.key ?? error.code;
}

/** The latest broadcast of the first channel that has one. */
export function firstBroadcastKey(answer: Result<unknown>): string {
  if (!answer.ok) throw new Error(`channels.list: ${answer.error.message}`);
  const page = (answer.data as Fresh<Page<ChannelSummary>>).data;
  const key = page.items.find((channel) => channel.latestBroadcast)?.latestBroadcast?.key;
  if (!key) throw new Error('The sandbox has no broadcast to rename.');
  return key;
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves once `done()` holds (checked every 50 ms). @throws Error after `withinMs`. */
export async function until(done: () => boolean, withinMs: number): Promise<void> {
  for (let waited = 0; !done(); waited += 50) {
    if (waited > withinMs) throw new Error('The drill did not get ready.');
    await sleep(50);
  }
}
