/**
 * The activity domain: the recorder's event lines, the journal's reads, the filters, the CSV
 * and the event-day report, then the whole path through the desk core against the sandbox
 * (a recording stopped, found by channel, exported).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, type AuditRecord, type JournalLine } from '../core/audit-log';
import type { Broadcast, ChannelSummary, Page } from '../../shared/model';
import type { ActivityPage } from '../../shared/activity-model';
import { ActivityRecorder } from './activity-recorder';
import { csvColumns, csvField, page, toCsv, toItems } from './activity-query';
import { exportTexts } from './activity-commands';
import { periods, reportHtml } from './activity-report';
import { commandCaller, startTestCore, type TestCore } from '../app/test-support';

const t0 = Date.parse('2026-11-20T21:00:00Z');

function channel(key: string, title: string, onAir: boolean, broadcastKey: string): ChannelSummary {
  return {
    key,
    title,
    customerCode: 'c',
    status: 'enabled',
    trashed: false,
    type: 'live',
    shared: false,
    viewerLimit: 100,
    useTimeshift: false,
    useChat: false,
    onAir,
    latestBroadcast: {
      key: broadcastKey,
      title: `${title} show`,
      onAir,
      startedAt: null,
      endedAt: null,
    },
    createdAt: null,
  };
}

function stopRecord(at: number, over: Partial<AuditRecord> = {}): AuditRecord {
  return {
    at: new Date(at).toISOString(),
    workspace: 'w',
    who: 'Mina',
    seat: null,
    via: 'button',
    command: 'broadcast.stopRecording',
    effect: 'destructive',
    target: { broadcastKey: 'b-main' },
    answer: { ok: true, status: 200 },
    budgetWaitMs: 120,
    platformMs: 80,
    calls: 2,
    ...over,
  };
}

describe('the activity recorder', () => {
  it('records on-air and off-air transitions once, whichever read saw them', () => {
    const recorder = new ActivityRecorder();
    const first = recorder.watch(t0, {
      kind: 'channels',
      watchId: 'w1',
      fetchedAt: t0,
      data: {
        items: [
          channel('main', 'Main Stage', true, 'b-main'),
          channel('side', 'Side', false, 'b-side'),
        ],
        total: 2,
        page: 1,
        perPage: 20,
      } as Page<ChannelSummary>,
    });
    expect(first).toEqual([
      expect.objectContaining({
        kind: 'on-air',
        channelKey: 'main',
        channelTitle: 'Main Stage',
        broadcastKey: 'b-main',
      }),
    ]);
    const again = recorder.watch(t0 + 5000, {
      kind: 'channels',
      watchId: 'w1',
      fetchedAt: t0 + 5000,
      data: {
        items: [channel('main', 'Main Stage', true, 'b-main')],
        total: 1,
        page: 1,
        perPage: 20,
      } as Page<ChannelSummary>,
    });
    expect(again).toEqual([]);
    const off = recorder.watch(t0 + 60_000, {
      kind: 'broadcast',
      broadcastKey: 'b-main',
      fetchedAt: t0 + 60_000,
      data: {
        key: 'b-main',
        channelKey: 'main',
        title: 'Main Stage show',
        onAir: false,
      } as Broadcast,
    });
    expect(off).toEqual([
      expect.objectContaining({
        kind: 'off-air',
        channelKey: 'main',
        at: new Date(t0 + 60_000).toISOString(),
      }),
    ]);
  });

  it('records a stale period from the first failed poll to the next answer, and one line per 429 pause', () => {
    const recorder = new ActivityRecorder();
    const error = {
      kind: 'error',
      subject: 'b1',
      topic: 'broadcast',
      at: t0,
      code: 'network',
      message: 'ECONNRESET',
    } as const;
    expect(recorder.watch(t0, error)).toEqual([
      expect.objectContaining({ kind: 'stale', topic: 'broadcast', broadcastKey: 'b1' }),
    ]);
    expect(recorder.watch(t0 + 1000, { ...error, at: t0 + 1000 })).toEqual([]);
    const back = recorder.watch(t0 + 9000, {
      kind: 'broadcast',
      broadcastKey: 'b1',
      fetchedAt: t0 + 9000,
      data: { key: 'b1', channelKey: 'c1', title: 'x', onAir: true } as Broadcast,
    });
    expect(back.map((e) => e.kind)).toEqual(['fresh', 'on-air']);
    expect(recorder.budget(t0, 'live', t0 + 30_000)).toEqual([
      {
        kind: 'budget-429',
        at: new Date(t0).toISOString(),
        api: 'live',
        until: new Date(t0 + 30_000).toISOString(),
      },
    ]);
    expect(recorder.budget(t0 + 1000, 'live', t0 + 30_000)).toEqual([]);
    expect(recorder.budget(t0 + 31_000, 'live', null)).toEqual([]);
    expect(recorder.budget(t0 + 40_000, 'live', t0 + 50_000)).toHaveLength(1);
  });

  it('records an upload that ended after being seen at work, by file name and never its path', () => {
    const recorder = new ActivityRecorder();
    expect(
      recorder.uploads(t0, [{ id: 'u1', name: 'opening.mp4', state: 'done', problem: null }]),
    ).toEqual([]);
    recorder.uploads(t0, [{ id: 'u2', name: 'a.mp4', state: 'uploading', problem: null }]);
    const ended = recorder.uploads(t0 + 1000, [
      {
        id: 'u2',
        name: 'a.mp4',
        state: 'needs-attention',
        problem: { code: 'too-large', message: 'Too large.', nextStep: '' },
      },
    ]);
    expect(ended).toEqual([
      expect.objectContaining({
        kind: 'upload',
        file: 'a.mp4',
        outcome: 'failed',
        message: 'Too large.',
      }),
    ]);
    expect(JSON.stringify(ended)).not.toContain('/');
  });

  it('names the channel of a command that named only its broadcast, from its own answer', () => {
    const recorder = new ActivityRecorder();
    const target = recorder.describeTarget(
      { broadcastKey: 'b9' },
      { fetchedAt: t0, data: { key: 'b9', channelKey: 'c9', title: 'Finals' } },
    );
    expect(target).toEqual({ broadcastKey: 'b9', channelKey: 'c9', broadcastTitle: 'Finals' });
  });
});

describe('the journal, its filters and its CSV', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'onair-activity-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('keeps commands and events in one journal; recent() still answers commands only', async () => {
    const log = new AuditLog(
      dir,
      () => t0,
      () => undefined,
    );
    await log.appendEvent({
      kind: 'on-air',
      at: new Date(t0).toISOString(),
      workspace: 'w',
      channelKey: 'main',
      channelTitle: 'Main Stage',
      broadcastKey: 'b-main',
    });
    await log.append(stopRecord(t0 + 3 * 60_000));
    await log.append(
      stopRecord(t0 + 4 * 60_000, {
        seat: 'seat-2',
        who: 'Jun',
        target: { channelKey: 'side' },
        answer: {
          ok: false,
          code: 'conflict',
          status: 409,
          message: 'Not recording, "really"',
          sent: true,
        },
      }),
    );
    await log.appendEvent({
      kind: 'budget-429',
      at: new Date(t0 + 86_400_000).toISOString(),
      workspace: 'w',
      api: 'live',
      until: new Date(t0 + 86_430_000).toISOString(),
    });
    expect((await log.recent('w', 10)).map((r) => r.command)).toEqual([
      'broadcast.stopRecording',
      'broadcast.stopRecording',
    ]);
    expect((await log.lines('w', '2026-11-20', '2026-11-20')).map((l) => l.kind)).toEqual([
      'on-air',
      'command',
      'command',
    ]);
    expect(await log.lines('w', '2026-11-21', null)).toHaveLength(1);
    // A file read once and grown since: its new line is read, the old ones kept.
    await log.appendEvent({
      kind: 'fresh',
      at: new Date(t0 + 86_460_000).toISOString(),
      workspace: 'w',
      topic: 'channels',
    });
    expect((await log.lines('w', '2026-11-21', null)).map((l) => l.kind)).toEqual([
      'budget-429',
      'fresh',
    ]);
  });

  it('filters by channel (a broadcast-only command through its on-air line), seat, operator, kind and time, newest first', async () => {
    const log = new AuditLog(
      dir,
      () => t0,
      () => undefined,
    );
    const items = toItems(await log.lines('w', null, null));
    const main = page(items, { channelKey: 'main' }, 0, 50);
    expect(main.items.map((i) => i.kind)).toEqual(['command', 'on-air']);
    expect(main.items[0]).toMatchObject({
      who: 'Mina',
      channelTitle: 'Main Stage',
      via: 'button',
      result: 'ok',
      status: 200,
    });
    expect(page(items, { seat: 'seat-2' }, 0, 50).items.map((i) => i.who)).toEqual(['Jun']);
    expect(page(items, { seat: '' }, 0, 50).items.every((i) => i.seat === null)).toBe(true);
    expect(page(items, { operator: 'Mina' }, 0, 50).total).toBe(1);
    expect(page(items, { kinds: ['budget-429'] }, 0, 50).total).toBe(1);
    expect(
      page(items, { from: '2026-11-20T21:03:30Z', to: '2026-11-20T21:05:00Z' }, 0, 50).items.map(
        (i) => i.who,
      ),
    ).toEqual(['Jun']);
    const all = page(items, {}, 1, 2);
    expect(all.total).toBe(5);
    expect(all.items).toHaveLength(2);
    expect(all.operators).toEqual(['Jun', 'Mina']);
    expect(all.seats).toEqual(['seat-2']);
    expect(all.channels).toEqual(
      expect.arrayContaining([
        { key: 'main', title: 'Main Stage' },
        { key: 'side', title: null },
      ]),
    );
  });

  it('names the panel a press came from and a command that went ahead over another’s change', () => {
    const items = toItems([
      stopRecord(t0, { via: 'panel', panel: 'Companion' }),
      stopRecord(t0 + 1_000, { override: true }),
    ]);
    expect(items.map((item) => [item.via, item.panel, item.override])).toEqual([
      ['panel', 'Companion', false],
      ['button', null, true],
    ]);
    const { commandTitle } = exportTexts('en');
    const csv = toCsv(items, {
      headings: Object.fromEntries(csvColumns.map((column) => [column, column])) as never,
      commandTitle,
      kind: (kind) => kind,
    });
    expect(csv).toContain('panel: Companion');
  });

  it('writes CSV with a byte-order mark, RFC 4180 quoting, Korean intact and no formula', async () => {
    const log = new AuditLog(
      dir,
      () => t0,
      () => undefined,
    );
    const items = toItems(await log.lines('w', null, null));
    const { t, commandTitle } = exportTexts('ko');
    const csv = toCsv(items, {
      headings: {
        at: '시각',
        kind: '종류',
        operator: '운영자',
        seat: '좌석',
        via: '경로',
        command: '명령',
        commandTitle: '명령 이름',
        channel: '채널',
        broadcast: '방송',
        result: '결과',
        status: '상태',
        message: '메시지',
        budgetWaitMs: '대기',
        platformMs: '플랫폼',
        detail: '세부',
      },
      commandTitle,
      kind: (kind) => t(`activity.kinds.${kind === 'command' ? 'command' : 'onAir'}`),
    });
    expect(csv.startsWith('\uFEFF시각,종류,')).toBe(true);
    expect(csv).toContain('"Not recording, ""really"""');
    expect(csv).toContain(commandTitle('broadcast.stopRecording'));
    expect(commandTitle('broadcast.stopRecording')).not.toBe('broadcast.stopRecording');
    expect(csv.split('\r\n')).toHaveLength(7);
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a\nb')).toBe('"a\nb"');
  });
});

describe('the event-day report', () => {
  it('draws an on-air period from the platform start the line carries to the off-air line, and an open one to now', () => {
    const dayStart = Date.parse('2026-11-20T00:00:00Z');
    const items = toItems([
      {
        kind: 'on-air',
        at: '2026-11-20T21:00:00.000Z',
        workspace: 'w',
        channelKey: 'a',
        since: '2026-11-20T20:30:00.000Z',
      },
      { kind: 'on-air', at: '2026-11-20T21:05:00.000Z', workspace: 'w', channelKey: 'a' },
      { kind: 'off-air', at: '2026-11-20T22:00:00.000Z', workspace: 'w', channelKey: 'a' },
      { kind: 'on-air', at: '2026-11-20T23:00:00.000Z', workspace: 'w', channelKey: 'b' },
    ]);
    const spans = periods(
      items,
      dayStart,
      t0 + 3 * 3_600_000,
      (key) => (key === 'a' ? 0 : 1),
      2,
      3,
    );
    expect(
      spans.map((s) => [s.row, new Date(s.start).toISOString(), new Date(s.end).toISOString()]),
    ).toEqual([
      [0, '2026-11-20T20:30:00.000Z', '2026-11-20T22:00:00.000Z'],
      [1, '2026-11-20T23:00:00.000Z', '2026-11-21T00:00:00.000Z'],
    ]);
  });

  it('is one HTML document with the timeline as inline SVG, no script and no external resource', () => {
    const lines: JournalLine[] = [
      {
        kind: 'on-air',
        at: '2026-11-20T20:00:00.000Z',
        workspace: 'w',
        channelKey: 'main',
        channelTitle: 'Main <Stage>',
        broadcastKey: 'b',
        since: '2026-11-20T19:00:00.000Z',
      },
      stopRecord(t0 + 3 * 60_000),
      stopRecord(t0 + 4 * 60_000, {
        answer: { ok: false, code: 'conflict', status: 409, message: 'no', sent: true },
      }),
      {
        kind: 'budget-429',
        at: '2026-11-20T21:10:00.000Z',
        workspace: 'w',
        api: 'live',
        until: '2026-11-20T21:10:30.000Z',
      },
      { kind: 'stale', at: '2026-11-20T21:20:00.000Z', workspace: 'w', topic: 'channels' },
      { kind: 'fresh', at: '2026-11-20T21:21:00.000Z', workspace: 'w', topic: 'channels' },
      {
        kind: 'upload',
        at: '2026-11-20T21:30:00.000Z',
        workspace: 'w',
        file: '무대.mp4',
        outcome: 'done',
      },
      {
        kind: 'off-air',
        at: '2026-11-20T22:00:00.000Z',
        workspace: 'w',
        channelKey: 'main',
        channelTitle: 'Main <Stage>',
      },
    ];
    for (const language of ['en', 'ko'] as const) {
      const html = reportHtml(
        {
          day: '2026-11-20',
          workspace: 'Sandbox',
          channel: null,
          items: toItems(lines),
          now: t0 + 86_400_000,
          language,
        },
        exportTexts(language),
      );
      expect(html.startsWith('<!doctype html>')).toBe(true);
      expect(html).toMatch(/<svg[^>]*width="1100"/);
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/(src|href)\s*=\s*["']?(https?:|\/\/)/i);
      expect(html).not.toMatch(/url\(\s*["']?(https?:|\/\/)/i);
      expect(html).not.toMatch(/<link\b/i);
      expect(html).toContain('Main &#60;Stage&#62;');
      expect(html).not.toContain('Main <Stage>');
      expect(html).toContain('무대.mp4');
      // First seen on air after it went on air: the line says since when.
      expect(html).toContain(
        exportTexts(language).t('activity.events.onAirSince', {
          time: exportTexts(language).time('2026-11-20T19:00:00.000Z'),
        }),
      );
      expect(html).toContain(exportTexts(language).commandTitle('broadcast.stopRecording'));
      // The on-air period, the 429 and the stale period are drawn as rectangles.
      expect((html.match(/<path|<rect/g) ?? []).length).toBeGreaterThan(3);
    }
  });
});

describe('through the desk core, against the sandbox', () => {
  let test: TestCore;
  let call: ReturnType<typeof commandCaller>;
  beforeAll(async () => {
    test = await startTestCore();
    call = commandCaller(() => test.core, 'activity-test');
  }, 30_000);
  afterAll(async () => test.close());

  it('finds a recording stopped on a broadcast by its channel, and exports it', async () => {
    const channels = await call('channels.list', {});
    let stopped: Broadcast | null = null;
    let channelTitle = '';
    for (const c of channels.data.items.filter((c) => c.onAir && c.type !== 'scheduled')) {
      const b = await call('broadcast.get', { broadcastKey: c.latestBroadcast?.key ?? '' });
      if (b.data.recording) continue;
      await call('broadcast.startRecording', { broadcastKey: b.data.key });
      await call('broadcast.stopRecording', { broadcastKey: b.data.key });
      stopped = b.data;
      channelTitle = c.title;
      break;
    }
    if (!stopped) throw new Error('the seed has no on-air broadcast to record');
    const found: ActivityPage = await call('activity.query', {
      channelKey: stopped.channelKey,
      kinds: ['command'],
    });
    expect(found.items.map((i) => i.command)).toEqual([
      'broadcast.stopRecording',
      'broadcast.startRecording',
    ]);
    expect(found.items[0]).toMatchObject({
      broadcastKey: stopped.key,
      channelKey: stopped.channelKey,
      result: 'ok',
      via: 'button',
      seat: null,
      // Named from the channel list the operator read before (no watch ran in this test).
      channelTitle,
    });
    const csv = await call('activity.exportCsv', {
      channelKey: stopped.channelKey,
      language: 'en',
    });
    expect(csv.content).toContain('Stop recording');
    expect(csv.lines).toBeGreaterThanOrEqual(2);
    const day = found.items[0]?.at.slice(0, 10) ?? '';
    const report = await call('activity.exportReport', { day, language: 'ko' });
    expect(report.content).toContain('<svg');
    expect(report.fileName).toBe(`onair-event-day-${day}.html`);
  });

  it('writes one on-air line per channel the channel watch sees on air, with its title', async () => {
    const channels = await call('channels.list', {});
    const onAir = channels.data.items.filter((c) => c.onAir);
    expect(onAir.length).toBeGreaterThan(0);
    await test.core.invoke(
      'watch.subscribe',
      { spec: { kind: 'channels' } },
      { clientId: 'activity-test' },
    );
    // The watch reads its own page of the list: every on-air line is of a channel on air.
    await expect
      .poll(async () => (await call('activity.query', { kinds: ['on-air'] })).total, {
        timeout: 20_000,
        interval: 250,
      })
      .toBeGreaterThan(0);
    const lines = await call('activity.query', { kinds: ['on-air'] });
    for (const line of lines.items) {
      const channel = onAir.find((c) => c.key === line.channelKey);
      expect(channel, `${line.channelKey ?? ''} is on air`).toBeDefined();
      expect(line.channelTitle).toBe(channel?.title);
      expect(line.broadcastKey).toBe(channel?.latestBroadcast?.key);
    }
    // Each channel once: a second read of the same picture writes nothing more.
    expect(new Set(lines.items.map((i) => i.channelKey)).size).toBe(lines.total);
  }, 30_000);
});
