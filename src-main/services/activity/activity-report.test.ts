/**
 * The event-day report counts what the operator did (docs/dev/architecture.md, "Activity"),
 * against the sandbox platform: a refused rename, a rename whose answer never came, and a
 * 4-channel batch whose 3rd write the platform answered 500: 3 commands (a batch is one), 2
 * refusals (the rename, the batch's 3rd operation); the unknown outcome is counted and drawn apart; each batch
 * line says which step it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchStep, type ActivityItem } from '../../shared/activity-model';
import { commandCaller, startTestCore, type TestCore } from '../app/test-support';
import { exportTexts } from './activity-commands';

let rig: TestCore;
/** Answers a request instead of the sandbox, or null: it goes to the sandbox. */
let fake: (request: Request) => 'error500' | 'dropped' | null = () => null;
const call = commandCaller(() => rig.core, 'activity-report');

beforeAll(async () => {
  rig = await startTestCore({
    seed: 31,
    sandboxFetch: async (request) => {
      const fate = fake(request);
      if (fate === 'error500')
        return new Response(JSON.stringify({ message: 'Internal error' }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        });
      const response = await fetch(request);
      if (fate !== 'dropped') return response;
      // The sandbox acted; the answer never arrives.
      await response.arrayBuffer();
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
      });
    },
  });
}, 30_000);

afterAll(async () => {
  await rig.close();
});

/** Waits (outside a test: no expect.poll) until `done` answers true, 20 s at most. */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (const start = Date.now(); !(await done());) {
    if (Date.now() - start > 20_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether `request` is a write to a path naming `key`. */
const writes = (request: Request, key: string) =>
  request.method !== 'GET' && new URL(request.url).pathname.includes(key);

describe('the event-day report of a refused rename, an unanswered one and a batch stopped by a 500', () => {
  let items: ActivityItem[] = [];
  let day = '';
  let fourth = '';

  beforeAll(async () => {
    const list = await call('channels.list', { perPage: 100 });
    const broadcast = list.data.items.find((c) => c.latestBroadcast)?.latestBroadcast;
    const four = list.data.items
      .filter((c) => c.status === 'enabled' && !c.trashed && !c.onAir)
      .slice(0, 4)
      .map((c) => ({ key: c.key, title: c.title }));
    if (!broadcast || four.length < 4) throw new Error('the seed lacks a broadcast or channels');
    fourth = four[3]?.title ?? '';

    fake = (request) => (writes(request, broadcast.key) ? 'error500' : null);
    await call('broadcast.rename', { broadcastKey: broadcast.key, title: 'Refused' }).catch(
      () => undefined,
    );
    fake = (request) => (writes(request, broadcast.key) ? 'dropped' : null);
    await call('broadcast.rename', { broadcastKey: broadcast.key, title: 'No answer' }).catch(
      () => undefined,
    );
    fake = (request) => (writes(request, four[2]?.key ?? '-') ? 'error500' : null);
    const { batchId } = await call('channels.runBatch', { action: 'disable', channels: four });
    await until(async () => (await call('batches.progress', { batchId }))?.finished === true);
    const read = async () =>
      (await call('activity.query', { kinds: ['command'], origin: 'all' })).items;
    await until(async () => (await read()).some((i) => i.batch?.part === 'end'));
    fake = () => null;
    items = (await read()).reverse();
    day = items[0]?.at.slice(0, 10) ?? '';
  }, 40_000);

  it('the journal holds what the sandbox did: ops 1 and 2 done, 3 refused, the 4th not sent', () => {
    const rename = items.filter((i) => i.command === 'broadcast.rename');
    expect(rename.map((i) => i.result)).toEqual(['refused', 'unknown']);
    const batch = items.filter((i) => i.batch);
    expect(batch.map((i) => [i.batch?.part, i.result])).toEqual([
      ['start', 'ok'],
      ['operation', 'ok'],
      ['operation', 'ok'],
      ['operation', 'refused'],
      ['end', 'refused'],
    ]);
    expect(batch.at(-1)?.batch).toMatchObject({ done: 2, failed: 1, skipped: 1 });
  });

  for (const language of ['en', 'ko'] as const) {
    it(`says 3 commands, 2 refusals, 1 unknown outcome and the batch's counts (${language})`, async () => {
      const { t, commandTitle } = exportTexts(language);
      const html = (await call('activity.exportReport', { day, language })).content;
      const summary = html.slice(html.indexOf('<ul class="summary">'), html.indexOf('</ul>'));
      expect(summary).toContain(t('activity.report.commands', { count: 3 }));
      expect(summary).toContain(t('activity.report.refusals', { count: 2 }));
      expect(summary).toContain(t('activity.report.unknown', { count: 1 }));
      expect(summary).toContain(
        t('activity.report.batches', { batches: 1, done: 2, failed: 1, skipped: 1 }),
      );

      // Every batch row says its step; the end row gives the counts and is no second refusal.
      const title = commandTitle('channels.runBatch');
      for (const batch of items.flatMap((i) => (i.batch ? [i.batch] : [])))
        expect(html).toContain(`${title} · ${batchStep(batch, t)}`);
      expect(html).toContain(t('activity.report.batchNotAllDone', { message: 'Internal error' }));
      expect(html.match(/<tr class="refusal">/g)).toHaveLength(2);
      expect(html.match(/<tr class="unknown">/g)).toHaveLength(1);
      expect(html).not.toContain(fourth ? `<td>${fourth}</td>` : '-');

      // The timeline draws what the summary counts: 3 commands, 2 refusals in their colour, the
      // unknown in a row of its own.
      const svg = html.slice(html.indexOf('<svg'), html.indexOf('</svg>'));
      expect(svg).toContain(t('activity.report.unknownRow'));
      expect(svg.match(/fill="#c0392b"/g)).toHaveLength(2);
      expect(svg.match(/fill="#d35400"/g)).toHaveLength(1);
      expect(svg.match(/fill="#34495e"/g)).toHaveLength(3);
    });
  }
});
