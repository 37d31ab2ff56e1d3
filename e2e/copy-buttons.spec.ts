/**
 * Copy buttons put on the clipboard exactly what they name: an operator presses the real
 * button, and the clipboard is read back (Chromium with clipboard-read granted to this test's
 * context only, so `navigator.clipboard.readText()` answers; the app itself is never granted a
 * clipboard read). e2e/permissions.spec.ts shows the same buttons work with nothing granted.
 */
import { test, expect } from './fixtures';

test.use({ budget: 'fast', permissions: ['clipboard-read', 'clipboard-write'] });

test("a channel's Copy RTMP publish URL button puts that URL on the clipboard", async ({ app }) => {
  await app.evaluate(() => navigator.clipboard.writeText('before the copy'));
  await app
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: 'Channels' })
    .click();
  await app.getByRole('button', { name: 'Open Main Stage' }).click();
  const settings = app.getByRole('region', { name: 'Channel settings' });
  const publish = await settings.getByRole('textbox', { name: 'RTMP publish URL' }).inputValue();
  expect(publish).toMatch(/^rtmp:\/\//);
  await settings.getByRole('button', { name: 'Copy RTMP publish URL' }).click();
  await expect(settings.getByRole('button', { name: 'Copy RTMP publish URL' })).toHaveText(
    'Copied',
  );
  expect(await app.evaluate(() => navigator.clipboard.readText())).toBe(publish);
});
