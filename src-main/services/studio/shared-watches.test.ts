/**
 * Shared watches in a studio: several seats (and the hub's own page) watching the same
 * broadcast cost the platform the calls of one (docs/dev/architecture.md, "The API budget": the hub's one
 * watch planner merges watches of one broadcast). Counted at the platform's door: every
 * request the hub's workspace sends for that broadcast. The hub's core runs on a manual clock
 * (its watch planner's polls come when the test moves time on), the requests and the seats'
 * links go over loopback (TLS) in real time; the windows are the focused broadcast's poll
 * interval (5 s) three times over.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/manual-clock';
import type { Broadcast, BudgetSnapshot, ChannelSummary, Fresh, Page } from '../../shared/model';
import type { PairingCode, StudioHosting } from '../../shared/studio-model';
import type { CallContext } from '../core/command-registry';
import { countingFetch, memorySecrets, startTestCore, type TestCore } from '../app/test-support';
import type { SeatCore } from './seat';
import { openTestSeat } from './testing/studio-test-support';

let rig: TestCore;
let hosting: StudioHosting;
const secrets = memorySecrets();
const seats: SeatCore[] = [];
/** Paths of every request the hub's workspace sent to the platform, in order. */
const sent: string[] = [];
/** The hub core's clock. */
const clock = new ManualClock();

beforeAll(async () => {
  rig = await startTestCore({
    seed: 11,
    clock,
    sandboxFetch: countingFetch(sent),
  });
  hosting = await hubCommand<StudioHosting>('studio.startHosting', {
    address: '127.0.0.1',
    port: 0,
  });
});

afterAll(async () => {
  for (const seat of seats) await seat.dispose();
  await rig.close();
});

const hubPage: CallContext = { clientId: 'hub-page' };

async function hubCommand<T>(command: string, input: unknown): Promise<T> {
  const answer = await rig.core.invoke(command, input, hubPage);
  if (!answer.ok) throw new Error(`${command}: ${answer.error.message}`);
  return answer.data as T;
}

async function joinSeat(name: string): Promise<SeatCore> {
  const seat = await openTestSeat({
    hosting,
    code: (await hubCommand<PairingCode>('studio.newPairingCode', { role: 'operator' })).code,
    seatName: name,
    secrets,
  });
  seats.push(seat);
  // A seat's link opens with its event stream, as a seat's page opens it.
  seat.subscribe(() => undefined);
  await expect.poll(() => seat.link().state).toBe('connected');
  return seat;
}

async function watch(seat: SeatCore | null, broadcastKey: string, clientId: string) {
  const input = { spec: { kind: 'broadcast', broadcastKey, focused: true } };
  const answer = seat
    ? await seat.invoke('watch.subscribe', input, { clientId })
    : await rig.core.invoke('watch.subscribe', input, { clientId });
  if (!answer.ok) throw new Error(`watch.subscribe: ${answer.error.message}`);
}

/** Waits (real time) until the hub's live budget has nothing queued or in flight, twice. */
async function settled(): Promise<void> {
  for (let quiet = 0; quiet < 2;) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const live = (await hubCommand<BudgetSnapshot[]>('budget.get', {})).find(
      (b) => b.name === 'live',
    );
    const queued = Object.values(live?.queued ?? {}).reduce((sum, n) => sum + n, 0);
    quiet = live?.inFlight === 0 && queued === 0 ? quiet + 1 : 0;
  }
}

/** Moves the hub's clock on by `ms`, 250 ms at a time, each step once its calls are answered. */
async function pass(ms: number): Promise<void> {
  const until = clock.now() + ms;
  while (clock.now() < until) {
    await settled();
    await clock.advance(Math.min(250, until - clock.now()));
  }
  await settled();
}

/** Requests for `key` the hub sends during the next `ms` of its clock. */
async function callsFor(key: string, ms: number): Promise<number> {
  const from = sent.length;
  await pass(ms);
  return sent.slice(from).filter((path) => path.includes(key)).length;
}

it('costs the platform the same calls for three watchers of one broadcast as for one', async () => {
  const list = await hubCommand<Fresh<Page<ChannelSummary>>>('channels.list', {});
  const channel = list.data.items.find((c) => c.onAir && c.latestBroadcast?.key);
  const key = channel?.latestBroadcast?.key;
  if (!key) throw new Error('the seed has no on-air broadcast');
  const b = await hubCommand<Fresh<Broadcast>>('broadcast.get', { broadcastKey: key });
  expect(b.data.onAir).toBe(true);

  const first = await joinSeat('PD');
  const second = await joinSeat('Graphics');
  await watch(first, key, 'pd-page');
  // Let the first poll land, then count one seat alone.
  await pass(1_500);
  const alone = await callsFor(key, 15_000);

  await watch(second, key, 'graphics-page');
  await watch(null, key, 'hub-page');
  await pass(1_500);
  const together = await callsFor(key, 15_000);

  // Three 5 s polls of the broadcast (and its slower figures) in 15 s: never nothing.
  expect(alone).toBeGreaterThanOrEqual(2);
  // Three watchers: the same polls, give or take the one that falls on a window's edge.
  expect(together).toBeLessThanOrEqual(Math.ceil(alone * 1.1) + 1);

  // Budget details: the broadcast's reads split among the three watchers, so each seat sees
  // its share (not the hub taking them all), and the shares add up to the calls made.
  const budget = await hubCommand<BudgetSnapshot[]>('budget.get', {});
  const live = budget.find((b) => b.name === 'live');
  const shares = live?.shares ?? [];
  const share = (owner: string) => shares.find((s) => s.owner === owner)?.calls ?? 0;
  expect(share('PD')).toBeGreaterThan(0);
  expect(share('Graphics')).toBeGreaterThan(0);
  // PD watched alone first: its share holds those reads whole.
  expect(share('PD')).toBeGreaterThan(share('Graphics'));
  const total = shares.reduce((sum, s) => sum + s.calls, 0);
  expect(Math.abs(total - (live?.callsLastMinute ?? 0))).toBeLessThan(0.5);
}, 60_000);
