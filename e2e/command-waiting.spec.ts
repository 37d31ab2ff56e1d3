/**
 * A command refused for budget is kept, not dropped (docs/dev/architecture.md, "The API budget"):
 * while the platform answers 429, the control room says the cue point waits for the platform
 * and when it is tried again, with Cancel; Cancel stops it and nothing more is sent. In English
 * and in Korean. The 429s come from the sandbox's fault control (a burst on the account).
 */
import { test, expect, type PlatformProbe } from './fixtures';
import { en } from '../src-main/shared/i18n/en';
import { ko } from '../src-main/shared/i18n/ko';
import type { SandboxInfo } from '../src-main/sandbox/index';

interface LiveBroadcast {
  key: string;
  title: string;
  is_onair: boolean;
  use_timeshift: boolean;
  cue_sign_at: string | null;
  is_duplicate_recording: boolean;
}
interface LiveChannel {
  key: string;
  title: string;
  latest_broadcast: { key?: string };
}

/** An on-air channel whose broadcast has timeshift on, found through the API. */
async function onAirTimeshift(platform: PlatformProbe) {
  const list = await platform.get<{ data: LiveChannel[] }>(
    '/channels?live_status=onair&per_page=100',
  );
  for (const channel of list.data) {
    const key = channel.latest_broadcast.key;
    if (!key) continue;
    const { data } = await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${key}`);
    if (data.is_onair && data.use_timeshift) return { channel, broadcast: data };
  }
  throw new Error('the sandbox seed has no on-air broadcast with timeshift on');
}

const faultsOf = (info: SandboxInfo) => `${new URL(info.live_base_url).origin}/__sandbox/faults`;

for (const [language, catalogue] of [
  ['en', en],
  ['ko', ko],
] as const) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: language === 'ko' ? 'ko-KR' : 'en-US' });

    test('a cue point refused for budget waits with Cancel, and Cancel stops it', async ({
      app,
      platform,
      sandbox,
    }) => {
      const { channel, broadcast } = await onAirTimeshift(platform);
      const channels = app.getByRole('listbox', { name: catalogue.channels.listLabel });
      await channels.getByRole('option', { name: new RegExp(channel.title) }).click();
      await expect(app.getByRole('heading', { level: 1, name: broadcast.title })).toBeVisible();
      const cue = app.getByRole('region', { name: catalogue.cuePoint.heading });
      const setNow = cue.getByRole('button', { name: catalogue.cuePoint.set, exact: true });
      await expect(setNow).toBeEnabled();

      // Every call of the account is now refused (429, Retry-After 2 s).
      const refusing = await fetch(faultsOf(sandbox.info), {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ burst429: 1000, retryAfterS: 2 }),
      });
      expect(refusing.status).toBe(200);
      try {
        await setNow.click();
        const waiting = cue.getByTestId('command-waiting');
        const said = catalogue.commandWaiting.retryIn
          .replace('{status}', '429')
          .replace(/\{seconds\}.*$/, '');
        await expect(waiting).toContainText(said);
        await expect(cue.getByRole('alert')).toHaveCount(0);
        await app.screenshot({
          path: `test-results/screens/command-waiting-${language}.png`,
          fullPage: true,
        });

        await waiting.getByRole('button', { name: catalogue.common.cancel }).click();
        await expect(waiting).toBeHidden();
        await expect(cue.getByRole('alert')).toContainText(catalogue.errors.commandCancelled);
        await app.screenshot({
          path: `test-results/screens/command-cancelled-${language}.png`,
          fullPage: true,
        });
      } finally {
        expect((await fetch(faultsOf(sandbox.info), { method: 'DELETE' })).status).toBe(200);
      }
      // Nothing was set on the platform.
      const after = (await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${broadcast.key}`))
        .data;
      expect(after.cue_sign_at).toBe(broadcast.cue_sign_at);
    });
  });
}
