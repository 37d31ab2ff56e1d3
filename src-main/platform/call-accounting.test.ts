/**
 * What the call accounting says reached the platform (call-accounting.ts), through the request
 * scheduler on a manual clock: a write is sent once it left the queue and its connection
 * opened; a sent write with no answer is the journal's "unknown", never "nothing was sent".
 */
import { describe, expect, it } from 'vitest';
import { accountCalls, changeSent, changeUnanswered } from './call-accounting';
import { base, settled, setup } from './testing/scheduler-fixtures';
import { runResendingWrites } from './write-resend';

const post = () => new Request(`${base}/broadcasts/7`, { method: 'PUT', body: 'title=x' });

/** Runs `send` on an account, lets it settle on `clock`, and answers what the account says. */
async function accounted(
  clock: Parameters<typeof settled>[0],
  send: () => Promise<Response>,
): Promise<{ sent: boolean; unanswered: boolean }> {
  const { account, done } = accountCalls(send);
  await settled(
    clock,
    done.catch(() => undefined),
  );
  return { sent: changeSent(account), unanswered: changeUnanswered(account) };
}

describe('a write whose connection failed', () => {
  it('was sent, with no answer, when the connection dropped after it left', async () => {
    const { clock, scheduler } = setup({}, () => ({ fail: true }));
    expect(await accounted(clock, () => scheduler.fetch(post(), { priority: 'command' }))).toEqual({
      sent: true,
      unanswered: true,
    });
  });

  it('was never sent when its connection was refused', async () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
    const { clock, scheduler } = setup({ fetch: () => Promise.reject(refused) });
    expect(await accounted(clock, () => scheduler.fetch(post(), { priority: 'command' }))).toEqual({
      sent: false,
      unanswered: false,
    });
  });

  it('was never sent when dropped while queued again after a 429', async () => {
    const { clock, platform, scheduler } = setup({}, () => ({
      status: 429,
      headers: { 'retry-after': '3' },
    }));
    const stop = new AbortController();
    const { account, done } = accountCalls(() =>
      runResendingWrites(() =>
        scheduler.fetch(post(), { priority: 'command', signal: stop.signal }),
      ),
    );
    await clock.runUntil(() => platform.sent.length === 1, 1_000);
    await clock.advance(500); // the 429 is answered; the write waits out the pause, queued
    stop.abort(new Error('cancelled'));
    await settled(
      clock,
      done.catch(() => undefined),
    );
    expect(platform.sent).toHaveLength(1);
    expect([changeSent(account), changeUnanswered(account)]).toEqual([false, false]);
  });

  it('is no change when it is a read', async () => {
    const { clock, scheduler } = setup({}, () => ({ fail: true }));
    const read = new Request(`${base}/broadcasts/7`);
    expect(await accounted(clock, () => scheduler.fetch(read, { priority: 'command' }))).toEqual({
      sent: false,
      unanswered: false,
    });
  });
});
