/**
 * What the desk says is what happened (docs/dev/architecture.md, "Activity"), against the
 * sandbox platform with the connection to it cut where a test says: a change whose connection
 * dropped after it reached the platform has an unknown outcome (the platform acted), never
 * "could not be reached"; one whose connection never opened sent nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityItem } from '../../shared/activity-model';
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
  | 'dropped';

let rig: TestCore;
/** Decides the fate of each request; null: it goes through. */
let cut: (request: Request) => Cut | null = () => null;
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
  ];

  it('say a change sent with no answer has an unknown outcome', () => {
    for (const language of ['en', 'ko'] as const) {
      const texts = exportTexts(language);
      const items = toItems(lines);
      const html = reportHtml(
        { day: '2026-11-20', workspace: 'w', channel: null, items, now: 0, language },
        texts,
      );
      expect(html).toContain(texts.t('activity.unknown', { message: 'No answer' }));
      expect(html).not.toContain(texts.t('activity.refused', { message: 'No answer' }));
      const csv = toCsv(items, {
        headings: Object.fromEntries(csvColumns.map((column) => [column, column])) as never,
        commandTitle: texts.commandTitle,
        kind: (kind) => kind,
      });
      expect(csv).toContain(',unknown,');
    }
  });
});
