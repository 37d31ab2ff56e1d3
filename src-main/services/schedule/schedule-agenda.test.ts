/**
 * The Schedule's "All channels" agenda (listPrograms) and the program media delete
 * (deleteProgramMediaContent) against the sandbox platform: the agenda is every scheduled
 * channel's programs of a day, as each channel's own list has them; an unused media item is
 * deleted for good, one a program plays is refused with the platform's message and stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledChannels } from '../../shared/channels-model';
import type { DeskCore } from '../app/desk-core';
import { commandCaller, confirmedBy, startTestCore, type TestCore } from '../app/test-support';

const dayMs = 86_400_000;
let core: DeskCore;
let rig: TestCore;
const ctx = { clientId: 'schedule-agenda-test' };
const today = Math.floor(Date.now() / dayMs) * dayMs;
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  rig = await startTestCore({ seed: 12 });
  ({ core } = rig);
});

afterAll(async () => {
  await rig.close();
});

const data = commandCaller(() => core, ctx.clientId);

describe('schedule agenda and program media delete', () => {
  it("lists tomorrow's programs of every scheduled channel, as each channel's list has them", async () => {
    const from = iso(today + dayMs);
    const to = iso(today + 2 * dayMs);
    const agenda = await data('schedule.agenda', { from, to });
    const list = await data('channels.list', {});
    const channels = scheduledChannels(list.data.items, 'id_desc');
    expect(channels.length).toBeGreaterThan(1);
    for (const channel of channels) {
      const own = await data('schedule.programs', { channelKey: channel.key, from, to });
      expect(own.data.length).toBeGreaterThan(0);
      expect(agenda.data.filter((p) => p.channelKey === channel.key)).toEqual(own.data);
    }
    expect(agenda.data).toHaveLength(
      new Set(agenda.data.map((p) => `${p.channelKey}:${p.id}`)).size,
    );
    const starts = agenda.data.map((p) => Date.parse(p.startAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('refuses a range that ends before it starts, before anything is sent', async () => {
    const refused = await core.invoke(
      'schedule.agenda',
      { from: iso(today + dayMs), to: iso(today) },
      ctx,
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it('deletes an unused media item for good; refuses one a program plays, which stays', async () => {
    const before = await data('schedule.media', {});
    const unused = before.find((m) => m.title.endsWith('Unscheduled Special'));
    if (!unused) throw new Error('the seed has no unused program media');
    await data('schedule.deleteMedia', { uploadFileKey: unused.uploadFileKey });
    const after = await data('schedule.media', {});
    expect(after.map((m) => m.uploadFileKey)).not.toContain(unused.uploadFileKey);
    expect(after).toHaveLength(before.length - 1);

    const [program] = (await data('schedule.agenda', { from: iso(today), to: iso(today + dayMs) }))
      .data;
    const played = program?.media[0];
    if (!program || !played) throw new Error('no program with media today');
    const refused = await core.invoke(
      'schedule.deleteMedia',
      { uploadFileKey: played.uploadFileKey },
      { ...ctx, ...confirmedBy('schedule.deleteMedia') },
    );
    expect(refused).toMatchObject({ ok: false, error: { status: 422 } });
    if (!refused.ok) expect(refused.error.message).toMatch(/is played by \d+ program\(s\)/);
    const still = await data('schedule.media', {});
    expect(still.map((m) => m.uploadFileKey)).toContain(played.uploadFileKey);
  });
});
