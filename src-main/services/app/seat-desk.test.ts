/**
 * A desk started as a seat with `--join` (seat-desk.ts): its own settings stay its own and its
 * pages hear them change (`settings.changed`, a `workstation` event), while everything else is
 * the hub's, and the hub desk's own settings never reach it. A real hub (a desk core hosting a
 * studio on 127.0.0.1), a real seat paired with a code over the pinned link, and a real desk
 * core as the seat's own desk; both on the sandbox.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { EventName } from '../../shared/bridge';
import type { ChannelSummary, Fresh, Page } from '../../shared/model';
import type { PairingCode, StudioHosting, StudioStatus } from '../../shared/studio-model';
import type { SeatCore } from '../studio/index';
import { openTestSeat } from '../studio/testing/studio-test-support';
import type { DeskCore } from './desk-core';
import { seatWithOwnDesk } from './seat-desk';
import { memorySecrets, startTestCore, type TestCore } from './test-support';

let hub: TestCore;
let own: TestCore;
let seat: SeatCore;
let desk: DeskCore;
/** Every event the seat's pages heard, in order. */
const heard: EventName[] = [];
/** How many times the seat's own desk was opened. */
let openings = 0;
const hubPage = { clientId: 'hub-page' };
const seatPage = { clientId: 'seat-page' };

async function answer<T>(core: DeskCore, command: string, input: unknown, context = seatPage) {
  const said = await core.invoke(command, input, context);
  if (!said.ok) throw new Error(`${command}: ${said.error.message}`);
  return said.data as T;
}

beforeAll(async () => {
  hub = await startTestCore({ seed: 3 });
  own = await startTestCore({ seed: 4 });
  const hosting = await answer<StudioHosting>(
    hub.core,
    'studio.startHosting',
    { address: '127.0.0.1', port: 0 },
    hubPage,
  );
  const { code } = await answer<PairingCode>(
    hub.core,
    'studio.newPairingCode',
    { role: 'operator' },
    hubPage,
  );
  seat = await openTestSeat({ hosting, code, seatName: 'Wall', secrets: memorySecrets() });
  desk = seatWithOwnDesk(seat, () => {
    openings += 1;
    return Promise.resolve(own.core);
  });
  desk.subscribe((event) => heard.push(event));
  await vi.waitFor(
    () => {
      if (seat.link().state !== 'connected') throw new Error(`link ${seat.link().state}`);
    },
    { timeout: 10_000 },
  );
}, 30_000);

afterAll(async () => {
  await seat.dispose();
  await own.close();
  await hub.close();
});

it('answers the hub’s commands from the hub, and opens its own desk only for its own', async () => {
  const list = await answer<Fresh<Page<ChannelSummary>>>(desk, 'channels.list', {});
  const atHub = await answer<Fresh<Page<ChannelSummary>>>(hub.core, 'channels.list', {}, hubPage);
  expect(list.data.items.map((c) => c.key)).toEqual(atHub.data.items.map((c) => c.key));
  // The studio's status is the seat's own link, answered by the seat.
  const status = await answer<StudioStatus>(desk, 'studio.status', {});
  expect(status.seat).toMatchObject({ seatName: 'Wall', state: 'connected' });
  expect(openings).toBe(0);
});

it('keeps its language its own, and its pages hear it change', async () => {
  await answer(desk, 'settings.language', { language: 'ko' });
  expect(openings).toBe(1);
  await expect.poll(() => heard).toContain('settings.changed');
  const atSeat = await answer<{ language: string }>(own.core, 'settings.language', {});
  const atHub = await answer<{ language: string }>(hub.core, 'settings.language', {}, hubPage);
  expect(atSeat.language).toBe('ko');
  expect(atHub.language).not.toBe('ko');
});

it('never hears the hub desk’s own settings change', async () => {
  const before = heard.filter((event) => event === 'settings.changed').length;
  await answer(hub.core, 'settings.appearance', { theme: 'light' }, hubPage);
  // An event every page of the studio hears, sent after: the seat's stream keeps the order.
  await answer(hub.core, 'presence.report', { channelKey: null }, { clientId: 'hub-marker' });
  await expect.poll(() => heard.lastIndexOf('presence.changed')).toBeGreaterThan(-1);
  expect(heard.filter((event) => event === 'settings.changed')).toHaveLength(before);
});
