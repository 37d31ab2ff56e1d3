/**
 * What the sandbox served the app, counted for the pop-out tests (e2e/pop-out.spec.ts): by
 * operation id, between two moments, and waiting for the watch's next read of one operation.
 */
import { expect, type SandboxHandle } from './fixtures';

/** The operations the sandbox served the app so far, live and VOD, by operation id. */
export async function served(sandbox: SandboxHandle): Promise<Map<string, number>> {
  const asked = await sandbox.served.asked();
  const counts = new Map<string, number>();
  for (const [api, ops] of Object.entries(asked))
    for (const [op, count] of Object.entries(ops)) counts.set(`${api}.${op}`, count);
  return counts;
}

/** What `later` served beyond `earlier`, by operation (operations with none left out). */
export function since(
  earlier: Map<string, number>,
  later: Map<string, number>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [op, count] of later) {
    const more = count - (earlier.get(op) ?? 0);
    if (more > 0) out[op] = more;
  }
  return out;
}

export const total = (calls: Record<string, number>) =>
  Object.values(calls).reduce((sum, count) => sum + count, 0);

/** The sandbox's operation ids of the control room's watch (src-main/platform/live-client.ts). */
export const op = {
  broadcast: 'live.getBroadcast',
  participants: 'live.getChattingJoinedUsers',
  viewers: 'live.getBroadcastViewerStatistics',
  channels: 'live.listChannels',
} as const;

/**
 * Waits until the sandbox served one more `operation` than now (the watch's next read of it);
 * answers what it had served then. Polled every 50 ms: the answer comes well within a second
 * of that read. Up to 50 s: after a 429 (the test's own probe shares the account's rate limit)
 * the planner widens its intervals up to ×3, the participants' 15 s to 45 s.
 */
export async function afterRead(
  sandbox: SandboxHandle,
  operation: string,
): Promise<Map<string, number>> {
  const before = (await served(sandbox)).get(operation) ?? 0;
  let now = new Map<string, number>();
  await expect
    .poll(
      async () => {
        now = await served(sandbox);
        return (now.get(operation) ?? 0) > before;
      },
      { timeout: 50_000, intervals: [50] },
    )
    .toBe(true);
  return now;
}
