/**
 * The event-day audit trail: a recording stopped in the control room is found from the
 * broadcast's panel in one click on "Activity of this channel" (who, from which seat, which way
 * in, when in UTC, and the platform's answer), exported as CSV and as the event-day report, in
 * English and in Korean.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { findOnAir } from './on-air';

// What this file tests is not the budget: the sandbox and the app pace ten times faster
// (docs/dev/testing.md); the budget itself is tested at the platform's pace.
test.use({ budget: 'fast' });

const shots = (name: string) => ({ path: `test-results/screens/${name}.png`, fullPage: true });

async function text(download: Download): Promise<string> {
  const path = await download.path();
  return readFile(path, 'utf8');
}

/** Opens a saved report as a file in a fresh page (no network: it is self-contained). */
async function screenshotReport(app: Page, html: string, name: string) {
  const page = await app.context().newPage();
  await page.route('**/*', (route) =>
    route.request().url().startsWith('data:') ? route.continue() : route.abort(),
  );
  await page.setContent(html, { waitUntil: 'load' });
  await expect(page.locator('svg').first()).toBeVisible();
  await page.screenshot(shots(name));
  await page.close();
}

test('who stopped the recording is two clicks from the broadcast, and the day exports', async ({
  app,
  platform,
}) => {
  const { channel, broadcast } = await findOnAir(platform, { recording: false });

  // The operator's name goes into every record this workstation writes.
  await app.getByRole('button', { name: 'Settings' }).click();
  await app.getByLabel('Operator name').fill('Mina Park');
  await app.getByLabel('Operator name').press('Tab');
  await app.getByRole('button', { name: 'Settings' }).click();

  const channels = app.getByRole('listbox', { name: 'Live channels' });
  await channels.getByRole('option', { name: new RegExp(channel.title) }).click();
  await expect(app.getByRole('heading', { level: 1, name: broadcast.title })).toBeVisible();
  await app.getByRole('button', { name: 'Start recording' }).click();
  await expect(app.getByTestId('recording-badge')).toBeVisible();
  await app.getByRole('button', { name: 'Stop recording' }).click();
  await app
    .getByRole('dialog', { name: 'Stop recording?' })
    .getByRole('button', { name: 'Stop recording' })
    .click();
  await expect(app.getByRole('button', { name: 'Start recording' })).toBeVisible();

  // Click 1 of 2 was the channel; click 2 opens its activity, the answer on screen.
  await app.screenshot(shots('activity-broadcast-panel'));
  await app.getByRole('button', { name: 'Activity of this channel' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await expect(app.getByRole('combobox', { name: 'Channel', exact: true })).toHaveValue(
    channel.key,
  );
  const stop = app.getByTestId('activity-line').filter({ hasText: 'Stop recording' }).first();
  await expect(stop).toBeVisible();
  await expect(stop).toContainText('Mina Park');
  await expect(stop).toContainText('This workstation');
  await expect(stop).toContainText('Button');
  await expect(stop).toContainText(channel.title);
  await expect(stop).toContainText(/Done · HTTP 200/);
  await expect(stop).toContainText(/\d{2}:\d{2}:\d{2} UTC/);
  // Newest first: the stop above the start.
  await expect(
    app.getByTestId('activity-line').filter({ hasText: 'recording' }).first(),
  ).toContainText('Stop recording');
  await app.screenshot(shots('activity-en'));

  // CSV of what the filters keep: UTF-8 with a byte-order mark, the stop in it.
  const [csv] = await Promise.all([
    app.waitForEvent('download'),
    app.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^onair-activity-.*\.csv$/);
  const rows = await text(csv);
  expect(rows.startsWith('\uFEFFTime (UTC),Kind,Operator,Seat,Way in,Command,')).toBe(true);
  const stopRow = rows.split('\r\n').find((row) => row.includes('broadcast.stopRecording'));
  expect(stopRow).toContain('Stop recording');
  expect(stopRow).toContain('Mina Park');
  expect(stopRow).toContain(channel.title);

  // The event-day report: one HTML file, its timeline inline SVG, nothing from elsewhere.
  const [report] = await Promise.all([
    app.waitForEvent('download'),
    app.getByRole('button', { name: 'Event-day report' }).click(),
  ]);
  expect(report.suggestedFilename()).toMatch(/^onair-event-day-\d{4}-\d{2}-\d{2}-.*\.html$/);
  const html = await text(report);
  expect(html).toContain('<svg');
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/(src|href)\s*=\s*["']?(https?:|\/\/)/i);
  expect(html).toContain('Stop recording');
  expect(html).toContain('Mina Park');
  await screenshotReport(app, html, 'activity-report-en');

  // The same in Korean.
  await app.getByRole('button', { name: 'Settings' }).click();
  await app.getByLabel('Language').selectOption('ko');
  await app.getByRole('button', { name: '설정' }).click();
  await expect(app.getByRole('heading', { level: 1, name: '활동' })).toBeVisible();
  await expect(app.getByTestId('activity-line').filter({ hasText: '녹화' }).first()).toBeVisible();
  await app.screenshot(shots('activity-ko'));
  const [reportKo] = await Promise.all([
    app.waitForEvent('download'),
    app.getByRole('button', { name: '행사일 보고서' }).click(),
  ]);
  const htmlKo = await text(reportKo);
  expect(htmlKo).toContain('<html lang="ko">');
  expect(htmlKo).toContain('행사일 보고서');
  await screenshotReport(app, htmlKo, 'activity-report-ko');
});
