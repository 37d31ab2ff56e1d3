/**
 * A second page joining a watch (a pop-out on the main window's broadcast, channel list or
 * Multiview: issue 35 §3, "They share main's watches") costs the platform nothing: main
 * replays each of the watch's tasks' latest answer in the `watch.subscribe` answer, and a
 * channel list watched from two pages is one task, its reads addressed to both
 * (control-room/watch-answers.ts; docs/dev/architecture.md, "The API budget"). Counted at the
 * platform's door: every request the desk's sandbox workspace sends. The core runs on a manual
 * clock (its planner's polls come when the test moves time on); requests go over loopback.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/manual-clock';
import type { BudgetSnapshot, ChannelSummary, Fresh, Page, WatchUpdate } from '../../shared/model';
import type { CommandOutput } from '../../shared/bridge';
import { countingFetch, startTestCore, type TestCore } from './test-support';

let rig: TestCore;
/** Paths of every request the desk's sandbox workspace sent to the platform, in order. */
const sent: string[] = [];
/** Every `watch.update` main pushed to the pages. */
const pushed: WatchUpdate[] = [];
const clock = new ManualClock();

beforeAll(async () => {
  rig = await startTestCore({
    seed: 11,
    clock,
    sandboxFetch: countingFetch(sent),
  });
  rig.core.subscribe((event, payload) => {
    if (event === 'watch.update') pushed.push(payload as WatchUpdate);
  });
});

afterAll(async () => {
  await rig.close();
});

async function command<T>(name: string, input: unknown, clientId = 'main-window'): Promise<T> {
  const answer = await rig.core.invoke(name, input, { clientId });
  if (!answer.ok) throw new Error(`${name}: ${answer.error.message}`);
  return answer.data as T;
}

type Subscribed = CommandOutput<'watch.subscribe'>;

/** Waits (real time) until the live budget has nothing queued or in flight, twice. */
async function settled(): Promise<void> {
  for (let quiet = 0; quiet < 2;) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const live = (await command<BudgetSnapshot[]>('budget.get', {})).find((b) => b.name === 'live');
    const queued = Object.values(live?.queued ?? {}).reduce((sum, n) => sum + n, 0);
    quiet = live?.inFlight === 0 && queued === 0 ? quiet + 1 : 0;
  }
}

/** Moves the clock on by `ms`, 250 ms at a time, each step once its calls are answered. */
async function pass(ms: number): Promise<void> {
  const until = clock.now() + ms;
  while (clock.now() < until) {
    await settled();
    await clock.advance(Math.min(250, until - clock.now()));
  }
  await settled();
}

const channelReads = (paths: string[]) => paths.filter((p) => p.endsWith('/channels')).length;

it('answers a page joining a broadcast watch with its latest reads, and reads nothing for it', async () => {
  const list = await command<Fresh<Page<ChannelSummary>>>('channels.list', {});
  const key = list.data.items.find((c) => c.onAir && c.latestBroadcast?.key)?.latestBroadcast?.key;
  if (!key) throw new Error('the seed has no on-air broadcast');
  const spec = { kind: 'broadcast', broadcastKey: key, focused: true };

  // The main window's watch: state, participants and viewers read once each at once.
  const first = await command<Subscribed>('watch.subscribe', { spec });
  expect(first.latest).toEqual([]);
  await pass(2_000);
  const last = (kind: string) =>
    pushed.filter((u) => u.kind === kind && 'broadcastKey' in u && u.broadcastKey === key).at(-1);
  for (const kind of ['broadcast', 'participants', 'viewers']) expect(last(kind)).toBeDefined();

  // The pop-out joins: the same three answers at once, as they were pushed, and no call.
  const before = sent.length;
  const popOut = await command<Subscribed>('watch.subscribe', { spec }, 'pop-out');
  expect(popOut.latest).toEqual([last('broadcast'), last('participants'), last('viewers')]);
  await pass(1_000);
  expect(sent.slice(before)).toEqual([]);

  await command('watch.unsubscribe', { watchId: first.watchId });
  await command('watch.unsubscribe', { watchId: popOut.watchId }, 'pop-out');
}, 60_000);

it('reads a channel list watched from two pages once, and addresses each read to both', async () => {
  const start = sent.length;
  const main = await command<Subscribed>('watch.subscribe', { spec: { kind: 'channels' } });
  await pass(1_000);
  expect(channelReads(sent.slice(start))).toBe(1);
  const read = pushed.filter((u) => u.kind === 'channels').at(-1);
  expect(read).toMatchObject({ kind: 'channels', watchId: main.watchId });

  // The pop-out's watch of the same list (the control room's spec, order named): no task of
  // its own, the list's last read in its answer, addressed to its own watch.
  const before = sent.length;
  const popOut = await command<Subscribed>(
    'watch.subscribe',
    { spec: { kind: 'channels', order: 'id_desc' } },
    'pop-out',
  );
  expect(popOut.watchId).not.toBe(main.watchId);
  expect(popOut.latest).toEqual([{ ...read, watchId: popOut.watchId }]);
  await pass(1_000);
  expect(sent.slice(before)).toEqual([]);

  // The list's next read (every 20 s) is one call, pushed to each page's watch.
  const next = sent.length;
  const from = pushed.length;
  await pass(20_000);
  expect(channelReads(sent.slice(next))).toBe(1);
  const lists = pushed.slice(from).filter((u) => u.kind === 'channels');
  expect(lists.map((u) => u.kind === 'channels' && u.watchId).sort()).toEqual(
    [main.watchId, popOut.watchId].sort(),
  );
  expect(new Set(lists.map((u) => u.fetchedAt)).size).toBe(1);

  // Another search is another list: its own task, read at once.
  const searched = sent.length;
  await command('watch.subscribe', { spec: { kind: 'channels', keyword: 'news' } }, 'pop-out');
  await pass(1_000);
  expect(channelReads(sent.slice(searched))).toBe(1);
}, 60_000);
