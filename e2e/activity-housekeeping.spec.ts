/**
 * The journal records people's acts (issue 33, §1): a new operator starts the app, opens every
 * view once and presses nothing. What the app then did by itself (reading its language and
 * download folder, saving view state) is not a person's act: the Activity view's default
 * filter, "people and the platform", shows no command, and nothing in the journal names a
 * person's way in (button, key, palette, panel, seat). "The app itself" is one click away.
 */
import { test, expect } from './fixtures';
import { auditRecords } from './audit';
import { en } from '../src-main/shared/i18n/en';
import { ko } from '../src-main/shared/i18n/ko';

// What this file tests is not the budget: the sandbox and the app pace ten times faster
// (docs/dev/testing.md); the budget itself is tested at the platform's pace.
test.use({ budget: 'fast' });

const shots = (name: string) => ({ path: `test-results/screens/${name}.png`, fullPage: true });

/** The top bar's views in order, as a new operator of the sandbox workspace sees them. */
const views = [
  'Control room',
  'Multiview',
  'Schedule',
  'Channels',
  'Recordings',
  'Statistics',
  'Library',
  'Uploads',
  'Accounts',
  'Rehearsal',
  'Activity',
];

test('opening every view journals no person’s act', async ({ app, dataDir }) => {
  const nav = app.getByRole('navigation', { name: 'Views' });
  for (const name of views) {
    await nav.getByRole('button', { name, exact: true }).click();
    await expect(nav.getByRole('button', { name, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Each view reads what it shows (and the page saves what it read a little later).
    await app.clock.runFor(3_000);
  }
  // The view state's save waits at least 10 s after the last one (lib/persist.ts).
  await app.clock.runFor(15_000);

  // Nothing on disk claims a person's way in: the app's own calls are not a person's acts.
  const people = (await auditRecords(dataDir)).filter((record) => record.via !== 'app');
  expect(people).toEqual([]);

  // The Activity view starts on "people and the platform": no command line.
  await nav.getByRole('button', { name: 'Activity', exact: true }).click();
  const origin = app.getByRole('radiogroup', { name: 'Show' });
  await expect(origin.getByRole('radio', { name: 'People and the platform' })).toBeChecked();
  await expect(app.getByRole('status').filter({ hasText: /\d+ lines?/ })).toBeVisible();
  await expect(app.locator('[data-testid="activity-line"][data-kind="command"]')).toHaveCount(0);
  await app.screenshot(shots('activity-default-en'));

  // The app itself, one click away.
  await origin.getByRole('radio', { name: 'The app itself' }).click();
  await expect(origin.getByRole('radio', { name: 'The app itself' })).toBeChecked();
  await expect(app.locator('[data-testid="activity-line"]:not([data-kind="command"])')).toHaveCount(
    0,
  );
  await app.screenshot(shots('activity-app-en'));

  // A person's act shows at once, by its way in: the operator picks Korean in Settings.
  await app.getByRole('button', { name: en.settings.button }).click();
  await app.getByLabel(en.settings.language).selectOption('ko');
  await app.getByRole('button', { name: ko.settings.button }).click();
  const originKo = app.getByRole('radiogroup', { name: ko.activity.origin.label });
  await originKo.getByRole('radio', { name: ko.activity.origin.people }).click();
  const act = app.locator('[data-testid="activity-line"][data-kind="command"]');
  await expect(act).toHaveCount(1);
  await expect(act).toContainText(ko.commands.settings.settings.language.title);
  await expect(act).toContainText(ko.activity.via.button);
  await app.screenshot(shots('activity-default-ko'));
});
