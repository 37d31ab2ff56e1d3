/**
 * Sleep and resume, with Electron's powerMonitor faked and a real desk core on the sandbox:
 * on 'resume' every watched figure is pushed as stale ("re-reading after the computer
 * slept"), then a fresh read of it follows. (That the re-read comes at once, not at its
 * interval, is the planner's, tested in virtual time in watch-planner-resume.test.ts.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { WatchUpdate } from '../shared/model';
import { startTestCore, type TestCore } from '../services/app/test-support';
import { rereadAfterSleep, type PowerEvents } from './desktop-recovery';

let running: TestCore | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

describe('after the computer wakes', () => {
  it('marks every watched figure stale, then re-reads it', async () => {
    running = await startTestCore();
    const { core } = running;
    const updates: WatchUpdate[] = [];
    core.subscribe((event, payload) => {
      if (event === 'watch.update') updates.push(payload as WatchUpdate);
    });
    const page = { clientId: 'wc1' };
    const subscribed = await core.invoke('watch.subscribe', { spec: { kind: 'channels' } }, page);
    if (!subscribed.ok) throw new Error(subscribed.error.message);
    const { watchId } = subscribed.data as { watchId: string };
    const channelReads = () =>
      updates.filter((u) => u.kind === 'channels' && u.watchId === watchId);
    await expect.poll(() => channelReads().length, { timeout: 10_000 }).toBeGreaterThan(0);

    const wake: (() => void)[] = [];
    const power: PowerEvents = { on: (_event, listener) => wake.push(listener) };
    const logged: string[] = [];
    rereadAfterSleep(
      power,
      () => core.rereadWatches(),
      (line) => logged.push(line),
    );
    const readsBefore = channelReads().length;
    const seen = updates.length;
    for (const listener of wake) listener();

    expect(updates.slice(seen)).toEqual([
      expect.objectContaining({
        kind: 'error',
        topic: 'channels',
        subject: watchId,
        afterSleep: true,
      }),
    ]);
    expect(logged).toEqual(['resumed from sleep: re-reading every watch']);
    await expect
      .poll(() => channelReads().length, { timeout: 15_000 })
      .toBeGreaterThan(readsBefore);
  });
});
