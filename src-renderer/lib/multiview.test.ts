/** The Multiview's rules: tally precedence, the 30-minute sparkline, who left the air. */
import { describe, expect, it } from 'vitest';
import type { Broadcast, ChannelSummary, ViewerSeries } from '../../src-main/shared/model';
import { leftTheAir, sparkline, tallyOf, withAnswer } from './multiview';

const broadcast = (over: Partial<Broadcast> = {}): Broadcast => ({
  key: 'b1',
  channelKey: 'c1',
  title: 'Main Stage',
  onAir: true,
  paused: false,
  useTimeshift: true,
  startedAt: '2026-05-04T08:00:00.000Z',
  pausedAt: null,
  endedAt: null,
  cuePointAt: null,
  recording: false,
  recordingStartedAt: null,
  ...over,
});

describe('multiview rules', () => {
  it('a command’s newer answer replaces its broadcast in the on-air list; an older one does not', () => {
    const list = {
      data: { broadcasts: [broadcast({ recording: true }), broadcast({ key: 'b2' })], total: 2 },
      fetchedAt: 1_000,
    };
    const stopped = { data: broadcast({ recording: false }), fetchedAt: 2_000 };
    const after = withAnswer(list, stopped);
    expect(after.data.broadcasts.map((b) => [b.key, b.recording])).toEqual([
      ['b1', false],
      ['b2', false],
    ]);
    expect(after.fetchedAt).toBe(1_000);
    expect(withAnswer(list, { ...stopped, fetchedAt: 500 })).toBe(list);
    expect(withAnswer(list, { data: broadcast({ key: 'b9' }), fetchedAt: 2_000 })).toBe(list);
  });

  it('tally: disabled over recording over on air; off air when not on air', () => {
    const disabled = { status: 'disabled' } as ChannelSummary;
    expect(tallyOf(broadcast({ recording: true }), disabled)).toBe('disabled');
    expect(tallyOf(broadcast({ recording: true }), undefined)).toBe('recording');
    expect(tallyOf(broadcast(), undefined)).toBe('onAir');
    expect(tallyOf(broadcast({ onAir: false }), undefined)).toBe('offAir');
  });

  it('sparkline: only the last 30 minutes, scaled to the window’s peak', () => {
    const now = Date.parse('2026-05-04T09:00:00Z');
    const series: ViewerSeries = {
      intervalMinutes: 5,
      current: 40,
      peak: 900,
      points: [
        { at: '2026-05-04T07:00:00.000Z', viewers: 900 },
        { at: '2026-05-04T08:30:00.000Z', viewers: 20 },
        { at: '2026-05-04T08:45:00.000Z', viewers: 80 },
        { at: '2026-05-04T09:00:00.000Z', viewers: 40 },
      ],
    };
    const line = sparkline(series, now, 120, 30);
    expect(line?.points).toEqual([
      [0, 22],
      [60, 1],
      [120, 15],
    ]);
    expect([line?.first, line?.last]).toEqual([20, 40]);
    expect(sparkline({ ...series, points: series.points.slice(3) }, now, 120, 30)).toBeNull();
  });

  it('left the air: the broadcasts the new list no longer holds', () => {
    const a = broadcast({ key: 'a' });
    const b = broadcast({ key: 'b', title: 'Newsroom' });
    expect(leftTheAir([a, b], [a], 1000)).toEqual([
      { broadcastKey: 'b', channelKey: 'c1', title: 'Newsroom', at: 1000 },
    ]);
    expect(leftTheAir([a], [a, b], 1000)).toEqual([]);
  });
});
