/**
 * What the platform does after a broadcast, as an operator rehearses it: start a manual
 * recording from the control room, end the broadcast at the sandbox (its
 * `/__sandbox/broadcasts/{key}/stop` control, the encoder going away), and find in Recordings
 * the recording file with each destination's result: the channel's two seeded destinations
 * transferred, one with a host that cannot exist failed. While the broadcast is on air, its
 * chat and likes are not offered yet. In English and in Korean.
 */
import { en } from '../src-main/shared/i18n/en';
import { ko } from '../src-main/shared/i18n/ko';
import { test, expect, type PlatformProbe } from './fixtures';
import { recordingAtPlatform } from './on-air';

interface LiveBroadcast {
  key: string;
  title: string;
  is_onair: boolean;
  is_duplicate_recording: boolean;
}
interface LiveChannel {
  key: string;
  title: string;
  customer_code: string;
  latest_broadcast: { key?: string };
}
interface WireFile {
  broadcast_key: string;
  kind: string;
  file_name: string;
  transfers: { title: string; result: number }[];
}

test.use({ budget: 'fast' });

/** The festival's main stage (seeded with an FTP and an S3 destination), on air. */
async function mainStage(platform: PlatformProbe) {
  const list = await platform.get<{ data: LiveChannel[] }>('/channels?per_page=100');
  const channel = list.data.find((candidate) => candidate.customer_code === 'FEST-MAIN');
  const key = channel?.latest_broadcast.key;
  if (!channel || !key) throw new Error('the seed has no main stage broadcast');
  const { data } = await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${key}`);
  if (!data.is_onair || data.is_duplicate_recording) {
    throw new Error('the main stage is not on air without recording');
  }
  return { channel, broadcast: data };
}

for (const [language, texts] of [
  ['en', en],
  ['ko', ko],
] as const) {
  test.describe(language, () => {
    test.use({ locale: language === 'ko' ? 'ko-KR' : 'en-US' });

    test('a manual recording of an ended broadcast shows where its file went', async ({
      app,
      platform,
      sandbox,
      request,
    }) => {
      const { channel, broadcast } = await mainStage(platform);
      // A third destination whose host is under the reserved .invalid domain: it must fail.
      await platform.send('POST', `/channels/${channel.key}/file-transfers/sftp`, {
        title: 'Editor typo',
        host: 'edit.example.invalid',
        username: 'onair',
        password: 'rehearsal',
      });

      // Record from the control room.
      const channels = app.getByRole('listbox', { name: texts.channels.listLabel });
      await channels.getByRole('option', { name: new RegExp(channel.title) }).click();
      await expect(app.getByRole('heading', { level: 1, name: broadcast.title })).toBeVisible();
      await app.getByRole('button', { name: texts.recording.start }).click();
      await expect(app.getByRole('button', { name: texts.recording.stop })).toBeVisible();
      await expect.poll(() => recordingAtPlatform(platform, broadcast.key)).toBe(true);

      // While on air, the broadcast's chat and likes are not offered yet.
      await app
        .getByRole('navigation', { name: texts.shell.viewsLabel })
        .getByRole('button', { name: texts.shell.views.recordings })
        .click();
      await app.getByRole('tab', { name: texts.recordings.tabs.broadcasts }).click();
      await app
        .getByRole('combobox', { name: texts.recordings.filters.channel, exact: true })
        .selectOption({ label: channel.title });
      await app
        .getByRole('button', {
          name: texts.recordings.history.open.replace('{title}', broadcast.title),
        })
        .first()
        .click();
      await expect(app.getByTestId('data-after-end')).toHaveText(
        texts.recordings.detail.dataAfterEnd,
      );
      await expect(
        app.getByRole('button', { name: texts.recordings.detail.downloadChat }),
      ).toHaveCount(0);
      await app.screenshot({ path: `test-results/screens/rehearsal-onair-${language}.png` });
      // Real time is the point: a recording of a few seconds, so that its file has a length.
      await app.waitForTimeout(2000);

      // The encoder goes away: the broadcast ends at the sandbox, not through the app.
      const origin = new URL(sandbox.info.live_base_url).origin;
      const stopped = await request.post(`${origin}/__sandbox/broadcasts/${broadcast.key}/stop`);
      expect(stopped.status()).toBe(200);

      // The platform made the manual recording's file, with one result per destination.
      const files = await platform.get<{ data: WireFile[] }>(
        `/channels/${channel.key}/broadcasts/${broadcast.key}/recording-files`,
      );
      const manual = files.data.find((file) => file.kind === 'duplicate');
      if (!manual) throw new Error('no manual recording file after the end');
      expect(manual.transfers.map((t) => [t.title, t.result])).toEqual([
        ['Archive FTP', 1],
        ['Recordings bucket', 1],
        ['Editor typo', 0],
      ]);

      // Recordings shows it, newest first, with each destination's result.
      await app.getByRole('tab', { name: texts.recordings.tabs.files }).click();
      const row = app.getByTestId('recording-file').filter({ hasText: manual.file_name });
      await expect(row).toBeVisible();
      const results = row.getByTestId('recording-transfers');
      const item = (destination: string, result: string) =>
        texts.recordings.transfer.item
          .replace('{destination}', destination)
          .replace('{result}', result);
      await expect(results).toContainText(
        item('Archive FTP', texts.recordings.transfer.transferred),
      );
      await expect(results).toContainText(
        item('Recordings bucket', texts.recordings.transfer.transferred),
      );
      await expect(results).toContainText(item('Editor typo', texts.recordings.transfer.failed));
      await expect(results.locator('[data-result="failed"]')).toHaveAttribute(
        'title',
        /edit\.example\.invalid/,
      );
      await app.screenshot({ path: `test-results/screens/rehearsal-after-${language}.png` });
    });
  });
}
