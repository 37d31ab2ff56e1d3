/**
 * Recording lines in the journal: a broadcast's manual recording seen started or stopped, by
 * whoever did it, once per change; then through the desk core against the sandbox, a
 * recording started by this desk and stopped by another operator's workspace shows in the
 * Activity list, its kind filter, the CSV and the event-day report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Broadcast, WatchUpdate } from '../../shared/model';
import { ActivityRecorder } from './activity-recorder';
import { toItems } from './activity-query';
import { reportHtml, timelineSvg } from './activity-report';
import { exportTexts } from './activity-commands';
import { commandCaller, startTestCore, type TestCore } from '../app/test-support';
import { openSandboxWorkspace, type Workspace } from '../workspaces/workspace';

const t0 = Date.parse('2026-11-20T21:00:00Z');

function read(at: number, recording: boolean, over: Partial<Broadcast> = {}): WatchUpdate {
  return {
    kind: 'broadcast',
    broadcastKey: 'b-main',
    fetchedAt: at,
    data: {
      key: 'b-main',
      channelKey: 'main',
      title: 'Main show',
      onAir: true,
      recording,
      recordingStartedAt: recording ? '2026-11-20T20:00:00.000Z' : null,
      ...over,
    } as Broadcast,
  };
}

describe('the recorder’s recording lines', () => {
  it('writes one line per change of the recording flag, none per unchanged poll', () => {
    const recorder = new ActivityRecorder();
    expect(recorder.watch(t0, read(t0, false)).map((e) => e.kind)).toEqual(['on-air']);
    expect(recorder.watch(t0 + 1000, read(t0 + 1000, true))).toEqual([
      {
        kind: 'recording-started',
        at: new Date(t0 + 1000).toISOString(),
        broadcastKey: 'b-main',
        broadcastTitle: 'Main show',
        channelKey: 'main',
        since: '2026-11-20T20:00:00.000Z',
      },
    ]);
    expect(recorder.watch(t0 + 2000, read(t0 + 2000, true))).toEqual([]);
    const stopped = recorder.watch(t0 + 3000, read(t0 + 3000, false));
    expect(stopped).toEqual([
      expect.objectContaining({ kind: 'recording-stopped', broadcastKey: 'b-main' }),
    ]);
    expect(stopped[0]).not.toHaveProperty('who');
    expect(recorder.watch(t0 + 4000, read(t0 + 4000, false))).toEqual([]);
    // Ending the broadcast ends its recording: both are said.
    recorder.watch(t0 + 5000, read(t0 + 5000, true));
    expect(
      recorder.watch(t0 + 6000, read(t0 + 6000, false, { onAir: false })).map((e) => e.kind),
    ).toEqual(['off-air', 'recording-stopped']);
  });

  it('writes a first sighting of a recording under way, not one of a broadcast not recording', () => {
    const recorder = new ActivityRecorder();
    const first = recorder.watch(t0, read(t0, true));
    expect(first.map((e) => [e.kind, e.since])).toEqual([
      ['on-air', undefined],
      ['recording-started', '2026-11-20T20:00:00.000Z'],
    ]);
    const quiet = new ActivityRecorder();
    expect(quiet.watch(t0, read(t0, false, { onAir: false }))).toEqual([]);
  });

  it('shows the lines in the report’s table and as marks on the channel’s row', () => {
    const items = toItems([
      { kind: 'on-air', at: '2026-11-20T21:00:00.000Z', workspace: 'w', channelKey: 'main' },
      {
        kind: 'recording-started',
        at: '2026-11-20T21:01:00.000Z',
        workspace: 'w',
        channelKey: 'main',
        broadcastKey: 'b-main',
      },
      {
        kind: 'recording-stopped',
        at: '2026-11-20T21:30:00.000Z',
        workspace: 'w',
        channelKey: 'main',
        broadcastKey: 'b-main',
      },
    ]);
    const texts = exportTexts('en');
    const input = {
      day: '2026-11-20',
      workspace: 'Sandbox',
      channel: null,
      items,
      now: t0 + 3_600_000,
      language: 'en',
    };
    const html = reportHtml(input, texts);
    expect(html).toContain('Manual recording started');
    expect(html).toContain('Manual recording stopped');
    expect(html).toContain('Recording stopped');
    // Two marks more than the same day without the recording lines.
    const marks = (svg: string) => (svg.match(/#e67e22/g) ?? []).length;
    expect(marks(timelineSvg(input, texts))).toBeGreaterThan(0);
    expect(marks(timelineSvg({ ...input, items: items.slice(0, 1) }, texts))).toBe(0);
  });
});

describe('a recording stopped by someone else, through the desk core', () => {
  let test: TestCore;
  let other: Workspace;
  let call: ReturnType<typeof commandCaller>;
  /** Broadcast reads the core published, per broadcast key. */
  const polls = new Map<string, number>();
  beforeAll(async () => {
    test = await startTestCore({ seed: 13 });
    call = commandCaller(() => test.core, 'recording-lines-test');
    test.core.subscribe((event, payload) => {
      const update = payload as WatchUpdate;
      if (event === 'watch.update' && update.kind === 'broadcast')
        polls.set(update.broadcastKey, (polls.get(update.broadcastKey) ?? 0) + 1);
    });
    // Another operator's workstation on the same service account.
    other = await openSandboxWorkspace({
      sandboxInfo: test.sandbox.info,
      pacing: { minSpacingMs: 5, marginMs: 0, maxMarginMs: 0, limitPerMinute: 10_000 },
    });
  }, 30_000);
  afterAll(async () => {
    await other.dispose();
    await test.close();
  });

  it('journals the stop the watch saw, without an operator, in the list, its filter and exports', async () => {
    const channels = await call('channels.list', { perPage: 100 });
    let b: Broadcast | null = null;
    for (const c of channels.data.items.filter((c) => c.onAir && c.type !== 'scheduled')) {
      const read = await call('broadcast.get', { broadcastKey: c.latestBroadcast?.key ?? '' });
      if (!read.data.recording) {
        b = read.data;
        break;
      }
    }
    if (!b) throw new Error('the seed has no on-air broadcast to record');
    const key = b.key;
    await call('watch.subscribe', {
      spec: { kind: 'broadcast', broadcastKey: key, focused: true },
    });
    await call('broadcast.startRecording', { broadcastKey: key });
    await other.live.stopDuplicateRecording(key);
    const kinds = ['recording-started', 'recording-stopped'] as const;
    await expect
      .poll(async () => (await call('activity.query', { kinds: ['recording-stopped'] })).total, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(1);
    // More polls of the stopped recording write nothing more.
    const from = polls.get(key) ?? 0;
    await expect.poll(() => polls.get(key) ?? 0, { timeout: 20_000 }).toBeGreaterThan(from + 1);
    const page = await call('activity.query', { kinds: [...kinds] });
    expect(page.items.map((i) => [i.kind, i.broadcastKey, i.channelKey, i.who])).toEqual([
      ['recording-stopped', key, b.channelKey, null],
      ['recording-started', key, b.channelKey, null],
    ]);
    const byChannel = await call('activity.query', { channelKey: b.channelKey });
    expect(byChannel.items.map((i) => i.kind)).toContain('recording-stopped');
    const csv = await call('activity.exportCsv', { kinds: [...kinds], language: 'en' });
    expect(csv.content).toContain('Recording stopped');
    expect(csv.content).toContain('Recording started');
    const day = page.items[0]?.at.slice(0, 10) ?? '';
    const report = await call('activity.exportReport', { day, language: 'ko' });
    expect(report.content).toContain('수동 녹화 중지');
  }, 60_000);
});
