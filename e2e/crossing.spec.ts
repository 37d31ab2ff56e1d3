/**
 * Commands that cross, as an operator meets them (services/core/crossing.ts): recording started
 * with the button, then stopped with the key (another way in) within the window. Main asks
 * before overriding; nothing reaches the platform until the operator says so. English and
 * Korean (ko-KR locale). The window is 10 s of the app's clock; the steps take far less.
 */
import { test, expect, type PlatformProbe } from './fixtures';
import { en } from '../src-main/shared/i18n/en';
import { ko } from '../src-main/shared/i18n/ko';
import { findOnAir, type LiveBroadcast } from './on-air';

// What this file tests is not the budget: the sandbox and the app pace ten times faster
// (docs/dev/testing.md); the budget itself is tested at the platform's pace.
test.use({ budget: 'fast' });

const shots = (name: string) => ({ path: `test-results/screens/${name}.png`, fullPage: true });
const recording = async (platform: PlatformProbe, key: string) =>
  (await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${key}`)).data.is_duplicate_recording;

for (const [lang, words] of [
  ['en', en],
  ['ko', ko],
] as const) {
  test.describe(`crossing (${lang})`, () => {
    if (lang === 'ko') test.use({ locale: 'ko-KR' });

    test('a stop by the key right after a start by the button is asked before it is sent', async ({
      app,
      platform,
    }) => {
      const { channel, broadcast } = await findOnAir(platform, {
        recording: false,
        scheduled: false,
        nth: lang === 'en' ? 0 : 1,
      });
      const channels = app.getByRole('listbox', { name: words.channels.listLabel });
      await channels.getByRole('option', { name: new RegExp(channel.title) }).click();
      await expect(app.getByRole('heading', { level: 1, name: broadcast.title })).toBeVisible();

      await app.getByRole('button', { name: words.recording.start }).click();
      await expect(app.getByRole('button', { name: words.recording.stop })).toBeEnabled();
      await expect.poll(() => recording(platform, broadcast.key)).toBe(true);

      // The key is another way in: its stop crosses the button's start.
      await app.locator('body').press('Shift+KeyR');
      const stopDialog = app.getByRole('dialog', { name: words.recording.confirmTitle });
      await stopDialog.getByRole('button', { name: words.recording.stop }).click();
      const asked = app.getByRole('dialog', { name: words.pipeline.crossed.title });
      await expect(asked).toBeVisible();
      await app.screenshot(shots(`crossing-${lang}-01-asked`));
      expect(await recording(platform, broadcast.key)).toBe(true);

      await asked.getByRole('button', { name: words.pipeline.crossed.override }).click();
      await expect(app.getByRole('button', { name: words.recording.start })).toBeVisible();
      await expect.poll(() => recording(platform, broadcast.key)).toBe(false);
      await app.screenshot(shots(`crossing-${lang}-02-overridden`));
    });
  });
}
