/**
 * A reloaded page comes back to the view that was open: the desktop
 * app reloads a renderer that crashed or stopped answering, and the operator must not lose
 * their place. The queues live in main, so they are there after the reload too.
 */
import { test, expect } from './fixtures';

// What this file tests is not the budget: the sandbox and the app pace ten times faster
// (docs/dev/testing.md); the budget itself is tested at the platform's pace.
test.use({ budget: 'fast' });

test('a reload comes back to the open view', async ({ app }) => {
  const nav = app.getByRole('navigation', { name: 'Views' });
  await nav.getByRole('button', { name: 'Uploads' }).click();
  await expect(app.getByRole('heading', { name: 'Uploads' })).toBeVisible();
  await app.reload();
  await expect(app.getByRole('heading', { name: 'Uploads' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Uploads' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await nav.getByRole('button', { name: 'Channels' }).click();
  await expect(app.getByTestId('channel-row').first()).toBeVisible();
  await app.reload();
  await expect(app.getByTestId('channel-row').first()).toBeVisible();
  await expect(app.getByRole('heading', { name: 'Uploads' })).toHaveCount(0);
});
