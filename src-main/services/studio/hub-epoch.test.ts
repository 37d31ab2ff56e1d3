/**
 * The hub's epoch on disk (hub-epoch.ts): what the next hosting run reads is every change made
 * before the last one stopped, in the order made. A hub that stopped hosting right after a
 * backup opened its follow stream, and started again, refused that backup's stand-down (409:
 * "not been away since its backup last heard it") when the write was still on its way (seen
 * once on CI, stand-down.test.ts).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { silenceBeforeTakeoverMs } from './heartbeat';
import { HubEpoch } from './hub-epoch';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('keeps every change in order: the next run reads the last state, each backup’s epoch with it', async () => {
  dir = await mkdtemp(join(tmpdir(), 'onair-epoch-'));
  const first = await HubEpoch.start(dir, 0);
  expect(first.current()).toBe(1);
  // Changes in a row, none awaited, as the routes and the tick make them.
  first.followedBy('backup-a');
  first.followedBy('backup-b');
  first.forget('backup-a');
  expect(first.tick(silenceBeforeTakeoverMs)).toBe(true); // silent 3 s: epoch 2
  first.followedBy('backup-c');
  await first.settled();

  expect(JSON.parse(await readFile(join(dir, 'epoch.json'), 'utf8'))).toEqual({
    epoch: 2,
    followed: { 'backup-b': 1, 'backup-c': 2 },
  });
  const next = await HubEpoch.start(dir, 10_000);
  expect(next.current()).toBe(3);
  expect(next.lastFollowedBy('backup-b')).toBe(1);
  expect(next.lastFollowedBy('backup-c')).toBe(2);
  expect(next.lastFollowedBy('backup-a')).toBeNull();
});
