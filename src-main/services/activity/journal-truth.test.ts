/**
 * What the desk says is what happened (docs/dev/architecture.md, "Activity"), against the
 * sandbox platform with the connection to it cut where a test says: a change whose connection
 * dropped after it reached the platform has an unknown outcome (the platform acted), never
 * "could not be reached"; one whose connection never opened sent nothing. A cancel pressed
 * while a waiting command's resend is on the wire does not claim that nothing was sent, and
 * an operator's cancel is journaled with the command it called off.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityItem } from '../../shared/activity-model';
import type { CommandWaiting } from '../../shared/model';
import type { AuditRecord } from '../core/audit-log';
import { commandCaller, startTestCore, type TestCore } from '../app/test-support';
import { exportTexts } from './activity-commands';
import { csvColumns, toCsv, toItems } from './activity-query';
import { reportHtml } from './activity-report';

/** What the cut connection does to one request the core sends to the sandbox. */
type Cut =
  /** Refused before connecting (ECONNREFUSED): nothing reaches the sandbox. */
  | 'refused'
  /** The sandbox answers, then the connection drops before the answer arrives. */
  | 'dropped'
  /** Held on the wire (reached nowhere yet) until the test lets it go on. */
  | 'held';

let rig: TestCore;
/** Decides the fate of each request; null: it goes through. */
let cut: (request: Request) => Cut | null = () => null;
/** Told when a held request is on the wire; answers when to let it reach the sandbox. */
let held: () => Promise<void> = () => Promise.resolve();
const data = commandCaller(() => rig.core, 'journal-truth');

/** An error as Node's fetch rejects with: a TypeError whose cause is the socket's error. */
function fetchFailed(message: string, code: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });
}

beforeAll(async () => {
  rig = await startTestCore({
    seed: 23,
    sandboxFetch: async (request) => {
      const fate = cut(request);
      if (fate === 'refused') throw fetchFailed('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED');
      if (fate === 'held') await held();
      const response = await fetch(request);
      if (fate !== 'dropped') return response;
      await response.arrayBuffer();
      throw fetchFailed('other side closed', 'UND_ERR_SOCKET');
    },
  });
}, 30_000);

afterAll(async () => {
  await rig.close();
});

beforeEach(() => {
  cut = () => null;
  rig.sandbox.faults.clear();
});

/** Cuts the first request of `method` to a path ending with `tail` as `fate`, once. */
function cutOnce(method: string, tail: string, fate: Cut): void {
  let done = false;
  cut = (request) => {
    if (done || request.method !== method || !new URL(request.url).pathname.endsWith(tail))
      return null;
    done = true;
    return fate;
  };
}

/** The journal's command lines of `command`, newest first. */
async function lines(command: string): Promise<ActivityItem[]> {
  const page = await data('activity.query', { kinds: ['command'], origin: 'all' });
  return page.items.filter((item) => item.command === command);
}

describe('a change whose connection failed', () => {
  it('says the outcome is unknown when the connection dropped after the request was sent', async () => {
    cutOnce('POST', '/categories', 'dropped');
    const said = await rig.core.invoke(
      'category.create',
      { name: 'Sent, then the line went dead' },
      { clientId: 'journal-truth' },
    );
    expect(said.ok).toBe(false);
    if (said.ok) return;
    expect(said.error.code).toBe('network');
    expect(said.error.text?.key).toBe('errors.outcomeUnknown');
    expect(said.error.message).toContain('may have acted');
    expect(said.error.message).not.toContain('could not be reached');

    const [line] = await lines('category.create');
    expect(line).toMatchObject({ result: 'unknown', sent: true, status: null });
    expect(line?.message).toContain('may have acted');

    // It did act: the platform holds the category the desk got no answer for.
    const tree = await data('category.list', {});
    expect(tree.data.map((category) => category.name)).toContain('Sent, then the line went dead');
  });

  it('says it could not be reached and nothing was sent when the connection never opened', async () => {
    cutOnce('POST', '/categories', 'refused');
    const said = await rig.core.invoke(
      'category.create',
      { name: 'Never left this machine' },
      { clientId: 'journal-truth' },
    );
    expect(said.ok).toBe(false);
    if (said.ok) return;
    expect(said.error.text?.key).toBe('platform.unreachable');

    const [line] = await lines('category.create');
    expect(line).toMatchObject({ result: 'refused', sent: false });
    expect(line?.message).toContain('could not be reached');

    const tree = await data('category.list', {});
    expect(tree.data.map((category) => category.name)).not.toContain('Never left this machine');
  });

  it('journals a batch operation whose connection dropped after it was sent as unknown', async () => {
    const list = await data('channels.list', {});
    const channel = list.data.items.find((c) => c.status === 'enabled' && !c.trashed && !c.onAir);
    if (!channel) throw new Error('the seed has no enabled channel off air');
    cut = (request) =>
      request.method !== 'GET' && new URL(request.url).pathname.includes(channel.key)
        ? 'dropped'
        : null;
    const { batchId } = await data('channels.runBatch', {
      action: 'disable',
      channels: [{ key: channel.key, title: channel.title }],
    });
    await expect
      .poll(async () => (await data('batches.progress', { batchId }))?.finished, {
        timeout: 20_000,
      })
      .toBe(true);
    const progress = await data('batches.progress', { batchId });
    expect(progress?.lastErrorText?.key).toBe('errors.operationOutcomeUnknown');
    const operation = (await lines('channels.runBatch')).find(
      (item) => item.batch?.id === batchId && item.batch.part === 'operation',
    );
    expect(operation).toMatchObject({ result: 'unknown', sent: true, channelKey: channel.key });
    cut = () => null;
    const after = await data('channels.list', {});
    expect(after.data.items.find((c) => c.key === channel.key)?.status).toBe('disabled');
  }, 30_000);
});

describe('a cancel of a command waiting for the budget', () => {
  /** The `command.waiting` events the core pushed, oldest first. */
  const waits: CommandWaiting[] = [];
  let off: () => void = () => undefined;
  beforeAll(() => {
    off = rig.core.subscribe((event, payload) => {
      if (event === 'command.waiting') waits.push(payload as CommandWaiting);
    });
  });
  afterAll(() => off());

  async function aBroadcast(): Promise<{ key: string; title: string }> {
    const list = await data('channels.list', { perPage: 100 });
    const latest = list.data.items.find((c) => c.latestBroadcast)?.latestBroadcast;
    if (!latest) throw new Error('the seed has no broadcast');
    return { key: latest.key, title: latest.title };
  }

  it('says the resend had already been sent when it is on the wire, and journals the cancel', async () => {
    const broadcast = await aBroadcast();
    const title = 'Renamed while the cancel was pressed';
    // The first PUT is refused for budget; the resend after the re-read is held on the wire.
    let puts = 0;
    let onWire: () => void = () => undefined;
    const resendLeft = new Promise<void>((resolve) => (onWire = resolve));
    let letGo: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (letGo = resolve));
    cut = (request) => {
      if (request.method !== 'PUT' || !request.url.includes(`/broadcasts/${broadcast.key}`))
        return null;
      puts += 1;
      return puts === 2 ? 'held' : null;
    };
    held = () => {
      onWire();
      return released;
    };
    waits.length = 0;
    rig.sandbox.faults.update({ burst429: 1, retryAfterS: 1 });
    const renaming = rig.core.invoke(
      'broadcast.rename',
      { broadcastKey: broadcast.key, title },
      { clientId: 'journal-truth' },
    );
    await expect.poll(() => waits.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await resendLeft;
    const id = waits[0]?.id ?? '';
    const cancel = await rig.core.invoke(
      'command.cancelWaiting',
      { id },
      { clientId: 'journal-truth', via: 'palette' },
    );
    expect(cancel).toEqual({ ok: true, data: { cancelled: true } });

    const said = await renaming;
    expect(said.ok).toBe(false);
    if (said.ok) return;
    expect(said.error.text?.key).toBe('errors.cancelledAfterSending');
    expect(said.error.message).not.toContain('nothing more was sent');
    letGo();

    const [rename] = await lines('broadcast.rename');
    expect(rename).toMatchObject({ result: 'unknown', sent: true });
    const [cancelled] = await lines('command.cancelWaiting');
    expect(cancelled).toMatchObject({
      result: 'ok',
      via: 'palette',
      seat: null,
      who: rename?.who,
      broadcastKey: broadcast.key,
    });
    expect(cancelled?.target['waitingCommand']).toBe('broadcast.rename');

    // The resend that was on the wire reached the platform, and it acted.
    await expect
      .poll(async () => (await data('broadcast.get', { broadcastKey: broadcast.key })).data.title)
      .toBe(title);
  }, 30_000);

  it('says nothing more was sent when the resend was still queued, and journals the cancel', async () => {
    const broadcast = await aBroadcast();
    waits.length = 0;
    rig.sandbox.faults.update({ burst429: 1000, retryAfterS: 1 });
    const renaming = rig.core.invoke(
      'broadcast.rename',
      { broadcastKey: broadcast.key, title: 'Never renamed' },
      { clientId: 'journal-truth' },
    );
    await expect.poll(() => waits.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const before = (await lines('command.cancelWaiting')).length;
    expect(await data('command.cancelWaiting', { id: waits[0]?.id ?? '' })).toEqual({
      cancelled: true,
    });
    const said = await renaming;
    expect(said.ok).toBe(false);
    if (!said.ok) expect(said.error.text?.key).toBe('errors.commandCancelled');
    rig.sandbox.faults.clear();

    const [rename] = await lines('broadcast.rename');
    expect(rename?.result).toBe('refused');
    const cancels = await lines('command.cancelWaiting');
    expect(cancels).toHaveLength(before + 1);
    expect(cancels[0]).toMatchObject({ via: 'button', broadcastKey: broadcast.key });
    expect(cancels[0]?.target['waitingCommand']).toBe('broadcast.rename');

    // A cancel that called nothing off (it is over) is no act: nothing more is journaled.
    expect(await data('command.cancelWaiting', { id: waits[0]?.id ?? '' })).toEqual({
      cancelled: false,
    });
    expect(await lines('command.cancelWaiting')).toHaveLength(before + 1);
  }, 30_000);
});

describe('the exports', () => {
  const line = (over: Partial<AuditRecord>): AuditRecord => ({
    at: '2026-11-20T21:00:00.000Z',
    workspace: 'w',
    who: 'Mina',
    seat: null,
    via: 'button',
    command: 'broadcast.rename',
    effect: 'change',
    target: { broadcastKey: 'b-main' },
    answer: { ok: true, status: 200 },
    budgetWaitMs: 0,
    platformMs: 0,
    calls: 1,
    ...over,
  });
  const lines = [
    line({
      answer: {
        ok: false,
        code: 'network',
        status: null,
        message: 'No answer',
        sent: true,
        unknown: true,
      },
    }),
    line({
      command: 'command.cancelWaiting',
      effect: 'read',
      target: { id: 'c1', waitingCommand: 'broadcast.rename', broadcastKey: 'b-main' },
      calls: 0,
    }),
  ];

  it('say a change sent with no answer has an unknown outcome, and which command a cancel called off', () => {
    for (const language of ['en', 'ko'] as const) {
      const texts = exportTexts(language);
      const items = toItems(lines);
      const html = reportHtml(
        { day: '2026-11-20', workspace: 'w', channel: null, items, now: 0, language },
        texts,
      );
      expect(html).toContain(texts.t('activity.unknown', { message: 'No answer' }));
      expect(html).not.toContain(texts.t('activity.refused', { message: 'No answer' }));
      const rename = texts.commandTitle('broadcast.rename');
      expect(html).toContain(`${texts.commandTitle('command.cancelWaiting')} · ${rename}`);
      const csv = toCsv(items, {
        headings: Object.fromEntries(csvColumns.map((column) => [column, column])) as never,
        commandTitle: texts.commandTitle,
        kind: (kind) => kind,
      });
      expect(csv).toContain(',unknown,');
      expect(csv).toContain(`${texts.commandTitle('command.cancelWaiting')} · ${rename}`);
    }
  });
});
