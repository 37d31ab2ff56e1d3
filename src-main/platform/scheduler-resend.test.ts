/**
 * A change command's write refused with 429 is sent again after the platform's pause
 * (write-resend.ts), on a manual clock: the same body each time, until answered, abandoned, or
 * the window after its first send is over; a write outside that context, or inside
 * `runWithoutResend`, still hands its first 429 back.
 */
import { describe, expect, it } from 'vitest';
import { base, settled, setup } from './testing/scheduler-fixtures';
import { maxBudgetWaitMs, runResendingWrites, runWithoutResend } from './write-resend';

/** A platform that refuses the first `refusals` POSTs with 429 (Retry-After 3 s). */
function refusing(refusals: number) {
  let posts = 0;
  return setup({}, (request) => {
    if (request.method !== 'POST') return {};
    posts += 1;
    return posts <= refusals ? { status: 429, headers: { 'retry-after': '3' } } : {};
  });
}

const post = (body: string) => new Request(`${base}/broadcasts/7/start`, { method: 'POST', body });

describe('a write refused for budget inside runResendingWrites', () => {
  it('is sent again after each pause, with its body, until the platform answers', async () => {
    const { clock, platform, scheduler } = refusing(3);
    const answer = runResendingWrites(() =>
      scheduler.fetch(post('title=x'), { priority: 'command' }),
    );
    const response = await settled(clock, answer);
    expect(response.status).toBe(200);
    const posts = platform.sent.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(4);
    // Each resend waits out the platform's pause (3 s) after the 429's answer (100 ms).
    for (let i = 1; i < posts.length; i++) {
      expect((posts[i]?.at ?? 0) - (posts[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(3_000);
    }
  });

  it('sends the same body every time', async () => {
    const bodies: string[] = [];
    let posts = 0;
    const wrapped = setup({
      fetch: async (request) => {
        bodies.push(await request.text());
        posts += 1;
        return new Response('{}', {
          status: posts <= 2 ? 429 : 201,
          headers: posts <= 2 ? { 'retry-after': '1' } : {},
        });
      },
    });
    const answer = runResendingWrites(() =>
      wrapped.scheduler.fetch(post('name=Stage'), { priority: 'command' }),
    );
    expect((await settled(wrapped.clock, answer)).status).toBe(201);
    expect(bodies).toEqual(['name=Stage', 'name=Stage', 'name=Stage']);
  });

  it('gives up with the last 429 once the window after its first send is over', async () => {
    const { clock, platform, scheduler } = refusing(Infinity);
    const answer = runResendingWrites(() =>
      scheduler.fetch(post('title=x'), { priority: 'command' }),
    );
    const response = await settled(clock, answer, 300_000);
    expect(response.status).toBe(429);
    const posts = platform.sent.filter((call) => call.method === 'POST').map((call) => call.at);
    expect(posts.length).toBeGreaterThan(2);
    // A 429 answered (100 ms after its send) within the window is sent again; the first one
    // answered past it goes back to the caller.
    const first = posts[0] ?? 0;
    expect((posts.at(-2) ?? 0) + 100 - first).toBeLessThan(maxBudgetWaitMs);
    expect((posts.at(-1) ?? 0) + 100 - first).toBeGreaterThanOrEqual(maxBudgetWaitMs);
    await clock.advance(60_000);
    expect(platform.sent.filter((call) => call.method === 'POST')).toHaveLength(posts.length);
  });

  it('is dropped when its caller stops waiting', async () => {
    const { clock, platform, scheduler } = refusing(Infinity);
    const stop = new AbortController();
    const answer = runResendingWrites(() =>
      scheduler.fetch(post('title=x'), { priority: 'command', signal: stop.signal }),
    );
    const outcome = answer.then(
      () => 'answered',
      () => 'aborted',
    );
    await clock.runUntil(() => platform.sent.length === 2, 30_000);
    stop.abort(new Error('cancelled'));
    expect(await settled(clock, outcome)).toBe('aborted');
    await clock.advance(60_000);
    expect(platform.sent.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('hands the first 429 back inside runWithoutResend: its caller re-reads first', async () => {
    const { clock, platform, scheduler } = refusing(Infinity);
    const answer = runResendingWrites(() =>
      runWithoutResend(() => scheduler.fetch(post('title=x'), { priority: 'command' })),
    );
    expect((await settled(clock, answer)).status).toBe(429);
    await clock.advance(30_000);
    expect(platform.sent.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});
