/**
 * The Statistics view as an operator uses it, against the sandbox platform (its rate-limit
 * policy ten times faster): a channel's viewer curve on a UTC day, a value read by pointing at
 * the chart, a narrowed range exported as CSV (its rows are the platform's buckets, read by a
 * second client) and as PNG; period, daily, chat and scheduled summaries with the platform's
 * refusals in words; the VOD rank and summaries over periods that end today, the days within
 * the 36-hour delay marked as possibly incomplete, and VOD ranges beyond the spec's limits
 * refused before anything is sent.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { test, expect, type PlatformProbe, type SandboxHandle } from './fixtures';
import { needsKeyring } from './keyring';
import { en } from '../src-main/shared/i18n/en';
import { ko } from '../src-main/shared/i18n/ko';
import {
  addDays,
  utcDay,
  vodIncompleteDays,
  vodWindow,
} from '../src-main/shared/statistics-limits';

test.use({ budget: 'fast' });

const s = en.statistics;
const shots = (name: string) => ({ path: `test-results/shots/statistics-${name}.png` });

interface Bucket {
  started_at: string;
  viewer_count: number;
}

async function openStatistics(app: Page) {
  const nav = app.getByRole('navigation', { name: en.shell.viewsLabel });
  await nav.getByRole('button', { name: en.shell.views.statistics }).click();
}

async function channelKey(platform: PlatformProbe, title: string): Promise<string> {
  const list = await platform.get<{ data: { key: string; title: string }[] }>(
    '/channels?per_page=100',
  );
  const found = list.data.find((c) => c.title === title);
  if (!found) throw new Error(`no channel ${title}`);
  return found.key;
}

/** GET a live path outside `/v1/live/service-accounts/{sa}` (chat stats, scheduled VOD). */
async function liveRoot<T>(sandbox: SandboxHandle, path: string): Promise<T> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const response = await fetch(`${sandbox.info.live_base_url}${path}`, {
      headers: {
        Authorization: `Bearer ${sandbox.info.tokens.super_admin}`,
        Accept: 'application/json',
      },
    });
    // The probe shares the account's budget with the app, as a second client would.
    if (response.status === 429) {
      const wait = Number(response.headers.get('retry-after') ?? '1');
      await new Promise((done) => setTimeout(done, wait * 1000));
      continue;
    }
    expect(response.ok, `${path}: ${response.status}`).toBe(true);
    return (await response.json()) as T;
  }
  throw new Error(`${path}: still rate limited`);
}

async function saved(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

/** CSV text as rows of fields (our CSV has no quoted fields for these tables). */
function csvRows(bytes: Buffer): string[][] {
  return bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
}

/** All calls the sandbox received so far, of every account. */
async function totalCalls(sandbox: SandboxHandle): Promise<number> {
  return (await sandbox.calls.counts()).reduce((sum, minute) => sum + minute.calls, 0);
}

test('live statistics: a channel’s viewer curve, read, narrowed and exported; summaries, chat and scheduled output', async ({
  app,
  platform,
  sandbox,
  clock,
}) => {
  const today = utcDay(clock.now());
  const mainStage = await channelKey(platform, 'Main Stage');
  await openStatistics(app);
  const tabs = app.getByRole('tablist', { name: s.title });
  await expect(tabs.getByRole('tab', { name: s.sections.viewers })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // Today's curve of all broadcasts is read on opening.
  await expect(app.getByTestId('viewers-age')).toBeVisible();

  // One channel, one UTC day, every 5 minutes: today, or yesterday in the first hours of a
  // UTC day, when today has too few points yet to narrow the range to 12 (so it
  // passes at any hour).
  const curveDay = utcDay(clock.now() - 3 * 3_600_000);
  await app.getByLabel(s.scope, { exact: true }).selectOption({ label: s.scopes.channel });
  await app.getByLabel(s.channel, { exact: true }).selectOption({ label: 'Main Stage' });
  await app.getByLabel(s.day, { exact: true }).fill(curveDay);
  await app.getByRole('button', { name: s.show }).click();
  const chart = app.getByRole('figure', {
    name: s.titles.viewers.replace('{count}', '5').replace('{day}', curveDay),
  });
  await expect(chart).toBeVisible();
  const buckets = (
    await platform.get<{ data: Bucket[] }>(
      `/channels/${mainStage}/statistics/viewer/5min-during-a-day?start_date=${curveDay}`,
    )
  ).data;
  expect(buckets.length).toBeGreaterThan(0);
  const label = (i: number) => buckets[i]?.started_at.slice(11, 16) ?? '';
  await expect(chart.getByTestId('chart-shown')).toHaveText(`${buckets.length} points shown`);

  // Point at the chart and read the value: the platform's bucket at that time.
  const canvas = chart.getByRole('img');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no chart');
  await app.mouse.move(box.x + 56 + (box.width - 76) * 0.8, box.y + box.height / 2);
  const readout = chart.getByTestId('chart-readout');
  await expect(readout).toContainText('UTC');
  const text = (await readout.textContent()) ?? '';
  const read = /^(\d\d:\d\d) UTC · Local .*: Viewers ([\d,]+)$/.exec(text);
  expect(read, text).not.toBeNull();
  const pointed = buckets.find((b) => b.started_at.slice(11, 16) === read?.[1]);
  expect(pointed?.viewer_count.toLocaleString('en-US')).toBe(read?.[2]);
  await app.screenshot(shots('01-viewers-channel'));
  // From the keyboard: the first point of the range, read out, then the next.
  await app.mouse.move(0, 0);
  await canvas.focus();
  await app.keyboard.press('ArrowRight');
  await expect(readout).toHaveText(
    new RegExp(
      `^${label(0)} UTC · Local .*: Viewers ${buckets[0]?.viewer_count.toLocaleString('en-US')}$`,
    ),
  );
  await app.keyboard.press('ArrowRight');
  await expect(readout).toHaveText(
    new RegExp(
      `^${label(1)} UTC · Local .*: Viewers ${buckets[1]?.viewer_count.toLocaleString('en-US')}$`,
    ),
  );

  // Drag the range slider's left handle to the middle: half the day is shown.
  const slider = { x: box.x + 58, y: box.y + box.height - 23 };
  await app.mouse.move(slider.x, slider.y);
  await app.mouse.down();
  await app.mouse.move(box.x + box.width / 2, slider.y, { steps: 8 });
  await app.mouse.up();
  await expect
    .poll(async () => Number((await chart.getByTestId('chart-shown').textContent())?.split(' ')[0]))
    .toBeLessThan(buckets.length * 0.7);
  await chart.getByRole('button', { name: s.chart.reset }).click();
  await expect(chart.getByTestId('chart-shown')).toHaveText(`${buckets.length} points shown`);

  // Narrow the range to 12 buckets, then export what is shown.
  const from = Math.max(0, buckets.length - 14);
  const to = from + 11;
  await chart.getByLabel(s.chart.rangeFrom).selectOption({ label: label(from) });
  await chart.getByLabel(s.chart.rangeTo).selectOption({ label: label(to) });
  await expect(chart.getByTestId('chart-shown')).toHaveText('12 points shown');
  const [csv] = await Promise.all([
    app.waitForEvent('download'),
    chart.getByRole('button', { name: s.chart.exportCsv }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const rows = csvRows(await saved(csv));
  expect(rows[0]).toEqual(['started_at_utc', 'viewers']);
  expect(rows.slice(1)).toEqual(
    buckets.slice(from, to + 1).map((b) => [b.started_at, String(b.viewer_count)]),
  );
  const [png] = await Promise.all([
    app.waitForEvent('download'),
    chart.getByRole('button', { name: s.chart.exportPng }).click(),
  ]);
  expect(png.suggestedFilename()).toMatch(/\.png$/);
  const image = await saved(png);
  expect([...image.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(image.length).toBeGreaterThan(5_000);
  await app.screenshot(shots('02-viewers-narrowed'));

  // One broadcast: yesterday's ended broadcast of the channel, every 10 minutes on its day.
  const history = await platform.get<{
    data: { key: string; title: string; started_at: string; is_onair: boolean }[];
  }>(`/channels/${mainStage}/broadcasts?per_page=100`);
  const ended = history.data.find((b) => !b.is_onair && b.started_at);
  if (!ended) throw new Error('no ended broadcast');
  await app.getByLabel(s.scope, { exact: true }).selectOption({ label: s.scopes.broadcast });
  await app.getByLabel(s.broadcast, { exact: true }).selectOption({ value: ended.key });
  await app.getByLabel(s.day, { exact: true }).fill(ended.started_at.slice(0, 10));
  await app.getByLabel(s.interval, { exact: true }).selectOption({ label: '10 min' });
  await app.getByRole('button', { name: s.show }).click();
  const ofBroadcast = (
    await platform.get<{ data: Bucket[] }>(
      `/broadcasts/${ended.key}/statistics/viewer/10min-during-a-day?start_date=${ended.started_at.slice(0, 10)}`,
    )
  ).data;
  await expect(app.getByTestId('chart-shown')).toHaveText(`${ofBroadcast.length} points shown`);

  // Summaries: all broadcasts of the last 7 days (read on opening), then one channel.
  await tabs.getByRole('tab', { name: s.sections.summaries, exact: true }).click();
  const metrics = app.getByRole('definition');
  await expect(app.getByTestId('summary-age')).toBeVisible();
  const week = `start_date=${addDays(today, -6)}&end_date=${addDays(today, 1)}`;
  const all = await platform.get<{ data: { view_count: number } }>(`/statistics/summary?${week}`);
  await expect(metrics.nth(2)).toHaveText(all.data.view_count.toLocaleString('en-US'));
  const daily = await platform.get<{ data: { date: string }[] }>(
    `/statistics/summary-daily?${week}`,
  );
  await expect(
    app.getByRole('figure', { name: s.titles.daily }).getByTestId('chart-shown'),
  ).toHaveText(`${daily.data.length} points shown`);
  await app.getByLabel(s.scope, { exact: true }).selectOption({ label: s.scopes.channel });
  await app.getByLabel(s.channel, { exact: true }).selectOption({ label: 'Main Stage' });
  await app.getByRole('button', { name: s.show }).click();
  const ofChannel = await platform.get<{ data: { view_count: number } }>(
    `/channels/${mainStage}/statistics/summary?${week}`,
  );
  await expect(metrics.nth(2)).toHaveText(ofChannel.data.view_count.toLocaleString('en-US'));
  await app.screenshot(shots('03-summaries'));

  // The broadcast on air now has no summary yet: the platform's refusal, in words.
  const onAir = history.data.find((b) => b.is_onair);
  if (!onAir) throw new Error('no broadcast on air');
  await app.getByLabel(s.scope, { exact: true }).selectOption({ label: s.scopes.broadcast });
  await app.getByLabel(s.broadcast, { exact: true }).selectOption({ value: onAir.key });
  await app.getByRole('button', { name: s.show }).click();
  const refusal = app.getByTestId('summary-refusal');
  await expect(refusal).toContainText(s.refused.notReady);
  await expect(refusal).toContainText('still on air');
  await app.screenshot(shots('04-summary-not-ready'));
  // The ended one has.
  await app.getByLabel(s.broadcast, { exact: true }).selectOption({ value: ended.key });
  await app.getByRole('button', { name: s.show }).click();
  const ofEnded = await platform.get<{ data: { peak_viewer_count: number } }>(
    `/broadcasts/${ended.key}/statistics/summary`,
  );
  await expect(metrics.nth(3)).toHaveText(ofEnded.data.peak_viewer_count.toLocaleString('en-US'));

  // Chat per hour over two days; a period the platform finds too long is said in words.
  await tabs.getByRole('tab', { name: s.sections.chat }).click();
  await app.getByLabel(s.unit, { exact: true }).selectOption({ label: s.units.hour });
  await app.getByLabel(s.from, { exact: true }).fill(addDays(today, -1));
  await app.getByLabel(s.to, { exact: true }).fill(today);
  await app.getByRole('button', { name: s.show }).click();
  const sa = sandbox.info.service_account_key;
  const chat = await liveRoot<{ data: { started_at: string; message_count: number }[] }>(
    sandbox,
    `/v1/service-accounts/${sa}/chat/stats?unit=hour&start_date=${addDays(today, -1)}&end_date=${addDays(today, 1)}`,
  );
  await expect(app.getByTestId('chart-shown')).toHaveText(`${chat.data.length} points shown`);
  await app.screenshot(shots('05-chat'));
  await app.getByLabel(s.from, { exact: true }).fill(addDays(today, -60));
  await app.getByRole('button', { name: s.show }).click();
  await expect(app.getByTestId('chat-refusal')).toContainText(s.refused.tooLong);

  // Scheduled broadcasts per day, the last 14 days (read on opening).
  await tabs.getByRole('tab', { name: s.sections.scheduled }).click();
  const scheduled = await liveRoot<{ data: { date: string }[] }>(
    sandbox,
    `/v1/vod/service-accounts/${sa}/statistics/summary-daily?start_date=${addDays(today, -13)}&end_date=${addDays(today, 1)}`,
  );
  await expect(app.getByTestId('chart-shown')).toHaveText(`${scheduled.data.length} points shown`);
  await app.screenshot(shots('06-scheduled'));
});

test('VOD statistics: rank and summaries up to today, the late days marked, a range beyond the limits never sent', async ({
  app,
  vodPlatform,
  sandbox,
  clock,
}) => {
  const { earliest, latest, complete } = vodWindow(clock.now());
  expect(latest, 'periods may end today').toBe(utcDay(clock.now()));
  await openStatistics(app);
  const tabs = app.getByRole('tablist', { name: s.title });
  await tabs.getByRole('tab', { name: `VOD · ${s.sections.rank}` }).click();

  // The last 7 days up to today, top 10 (read on opening): the platform's ranking.
  const rank = await vodPlatform.get<{ data: { title: string; view_count: number }[] }>(
    '/statistics/content-rank',
    { start_date: addDays(latest, -6), end_date: latest, limit: '10' },
  );
  const table = app.getByRole('table', { name: s.titles.rank });
  await expect(table.getByRole('row')).toHaveCount(rank.data.length + 1);
  await expect(table.getByRole('row').nth(1)).toContainText(rank.data[0]?.title ?? '');
  await app.screenshot(shots('07-vod-rank'));

  // One VOD channel's ranking.
  const channels = await vodPlatform.get<{ data: { key: string; name: string }[] }>('/channels', {
    per_page: '100',
  });
  // The first channel whose contents were viewed in the period.
  const week = { start_date: addDays(latest, -6), end_date: latest, limit: '10' };
  let channel: { key: string; name: string } | undefined;
  let ofChannel: { title: string }[] = [];
  for (const candidate of channels.data) {
    const ranked = await vodPlatform.get<{ data: { title: string }[] }>(
      `/channels/${candidate.key}/statistics/content-rank`,
      week,
    );
    if (ranked.data.length === 0) continue;
    channel = candidate;
    ofChannel = ranked.data;
    break;
  }
  if (!channel) throw new Error('no VOD channel with views');
  await app.getByLabel(s.vodChannel, { exact: true }).selectOption({ value: channel.key });
  await app.getByRole('button', { name: s.show }).click();
  await expect(table.getByRole('row').nth(1)).toContainText(ofChannel[0]?.title ?? '');
  await expect(table.getByRole('row')).toHaveCount(ofChannel.length + 1);

  // Beyond the limits: said at once, and nothing reaches the platform.
  const before = await totalCalls(sandbox);
  const from = app.getByLabel(s.from, { exact: true });
  const to = app.getByLabel(s.to, { exact: true });
  await from.fill(addDays(earliest, -1));
  await expect(app.getByRole('alert')).toHaveText(s.limits.vodYear.replace('{day}', earliest));
  await expect(app.getByRole('button', { name: s.show })).toBeDisabled();
  await from.press('Enter');
  await from.fill(addDays(latest, -100));
  await to.fill(latest);
  await expect(app.getByRole('alert')).toContainText('at most 3 months');
  await to.press('Enter');
  await from.fill(latest);
  await to.fill(addDays(latest, 1));
  await expect(app.getByRole('alert')).toHaveText(s.limits.vodFuture.replaceAll('{day}', latest));
  await app.screenshot(shots('08-vod-beyond-limit'));
  await to.press('Enter');
  expect(await totalCalls(sandbox)).toBe(before);
  // What was typed stays, and a range ending within the 36-hour delay goes.
  await expect(from).toHaveValue(latest);
  await from.fill(addDays(complete, -1));
  await to.fill(latest);
  await expect(app.getByRole('alert')).toHaveCount(0);
  const sentBefore = await totalCalls(sandbox);
  await app.getByRole('button', { name: s.show }).click();
  await expect(app.getByTestId('rank-age')).toBeVisible();
  await expect.poll(() => totalCalls(sandbox)).toBeGreaterThan(sentBefore);
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  // VOD summaries: all contents per day and per channel, the last 14 days up to today. The
  // days within the delay are points of the chart (with figures or none yet), marked.
  await tabs.getByRole('tab', { name: `VOD · ${s.sections.vodSummaries}`, exact: true }).click();
  const period = { start_date: addDays(latest, -13), end_date: latest };
  const days = await vodPlatform.get<{ data: { date: string; view_count: number }[] }>(
    '/statistics/summary-daily',
    period,
  );
  const late = vodIncompleteDays(period.start_date, period.end_date, clock.now());
  expect(late, 'today at least is within the delay').toContain(latest);
  const points = new Set([...days.data.map((d) => d.date), ...late]);
  const dailyChart = app.getByRole('figure', { name: s.titles.vodDaily });
  await expect(dailyChart.getByTestId('chart-shown')).toHaveText(`${points.size} points shown`);
  await expect(dailyChart.getByTestId('chart-marked')).toHaveText(
    s.chart.vodIncomplete.replace('{from}', late[0] ?? '').replace('{to}', latest),
  );
  // Today's point reads out as possibly incomplete (the range narrowed to it, then a key).
  await dailyChart.getByLabel(s.chart.rangeFrom).selectOption({ index: points.size - 1 });
  await dailyChart.getByRole('img').press('ArrowRight');
  await expect(dailyChart.getByTestId('chart-readout')).toContainText(
    s.chart.incompleteDay.replace('{day}', `${latest} (UTC)`),
  );
  await dailyChart.getByRole('button', { name: s.chart.reset }).click();
  const perChannel = await vodPlatform.get<{ data: { name: string; view_count: number }[] }>(
    '/statistics/channels',
    period,
  );
  const totals = app.getByRole('table', { name: s.titles.channels });
  await expect(totals.getByRole('row')).toHaveCount(perChannel.data.length + 1);
  const first = perChannel.data[0];
  if (first)
    await expect(totals.getByRole('row', { name: new RegExp(first.name) })).toContainText(
      first.view_count.toLocaleString('en-US'),
    );
  await app.screenshot(shots('09-vod-summaries'));

  // Once in Korean.
  await app.getByRole('button', { name: en.settings.button }).click();
  await app.getByLabel(en.settings.language).selectOption('ko');
  await app.keyboard.press('Escape');
  await expect(
    app.getByRole('tab', { name: `VOD · ${ko.statistics.sections.vodSummaries}`, exact: true }),
  ).toBeVisible();
  await app.screenshot(shots('10-ko-vod-summaries'));
  await app.getByRole('tab', { name: ko.statistics.sections.viewers }).click();
  await expect(app.getByTestId('viewers-age')).toBeVisible();
  await app.screenshot(shots('11-ko-viewers'));
});

test('a VOD-only workspace shows only the VOD part, a live-only one only the live part', async ({
  app,
  sandbox,
}) => {
  // Real accounts keep their tokens in the OS keychain: scripts/with-keyring.sh gives a private one.
  needsKeyring();
  const nav = app.getByRole('navigation', { name: en.shell.viewsLabel });
  const tabs = app.getByRole('tablist', { name: s.title });
  const addAccount = async (kind: 'VOD API v3' | 'Live API v1', name: string) => {
    await nav.getByRole('button', { name: en.shell.views.accounts }).click();
    await app.getByRole('radio', { name: kind }).check();
    await app.getByLabel('Name', { exact: true }).fill(name);
    if (kind === 'VOD API v3') {
      await app.getByLabel('VOD base URL').fill(sandbox.info.vod_base_url);
      await app.getByLabel('Access token').fill(sandbox.info.vod_access_token);
    } else {
      await app.getByLabel('Live base URL').fill(sandbox.info.live_base_url);
      await app.getByLabel('Service account key').fill(sandbox.info.service_account_key);
      await app.getByLabel('Personal access token').fill(await sandbox.issueToken());
    }
    await app.getByRole('button', { name: 'Check and add' }).click();
    await expect(app.getByRole('status').filter({ hasText: `Added “${name}”` })).toBeVisible();
    await app.getByLabel('Workspace').selectOption({ label: name });
    await openStatistics(app);
  };

  await addAccount('VOD API v3', 'Seoul VOD');
  await expect(tabs.getByRole('tab')).toHaveText([s.sections.rank, s.sections.vodSummaries]);
  await expect(tabs.getByRole('tab', { name: s.sections.rank })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(app.getByTestId('rank-age')).toBeVisible();
  await app.screenshot(shots('12-vod-only'));

  await addAccount('Live API v1', 'Seoul Live');
  await expect(tabs.getByRole('tab')).toHaveText([
    s.sections.viewers,
    s.sections.summaries,
    s.sections.chat,
    s.sections.scheduled,
  ]);
  await expect(app.getByTestId('viewers-age')).toBeVisible();
});
