/**
 * Every callback kind reaches a receiver on this machine after the action that causes it, and
 * the Rehearsal view's delivery log shows each one and resends one. The callback URLs are set
 * through the app (a live channel's Callbacks tab, a VOD channel's in the Library), content is
 * added to and removed from the VOD channel in the Library; the actions the app has no
 * interface for (a viewer playing or downloading, a manual recording, pausing the encoder, the
 * AI-speed conversion) go through the sandbox, as a second client and its viewer controls. A URL outside this machine
 * is refused without a connection and logged as refused. Screenshots in en and ko.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { en } from '../src-main/shared/i18n/en';
import { ko } from '../src-main/shared/i18n/ko';
import { test, expect } from './fixtures';

test.use({ budget: 'fast' });

const shot = (name: string) => ({
  path: `test-results/shots/rehearsal-callbacks-${name}.png`,
  fullPage: true,
});

interface Hit {
  path: string;
  form: Record<string, string>;
}

test('every callback kind reaches a local receiver and the delivery log shows and resends it', async ({
  app,
  sandbox,
  platform,
  vodPlatform,
}) => {
  test.setTimeout(120_000);
  const hits: Hit[] = [];
  const receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      hits.push({ path: request.url ?? '', form: Object.fromEntries(new URLSearchParams(body)) });
      response.writeHead(200).end('ok');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const origin = new URL(sandbox.info.live_base_url).origin;
  const control = async (path: string, body?: object) => {
    const response = await fetch(`${origin}/__sandbox${path}`, {
      method: 'POST',
      ...(body
        ? { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }
        : {}),
    });
    expect(response.status, path).toBeLessThan(300);
    return (await response.json()) as unknown;
  };
  const at = (path: string) => hits.filter((hit) => hit.path === path);

  try {
    // A channel on air, and its callbacks set through the app's Callbacks tab.
    const channels = (
      await platform.get<{ data: { key: string; title: string }[] }>('/channels?per_page=100')
    ).data;
    const onAir = (
      await platform.get<{ data: { key: string; channel_key: string; is_onair: boolean }[] }>(
        '/broadcasts?is_onair=1&per_page=100',
      )
    ).data.find(
      // An encoder-fed channel's broadcast (`/channels` lists those); scheduled channels play
      // programs on air too.
      (item) => item.is_onair && channels.some((channel) => channel.key === item.channel_key),
    );
    if (onAir === undefined) throw new Error('no broadcast on air in the seed');
    const title = channels.find((item) => item.key === onAir.channel_key)?.title ?? '';
    const nav = app.getByRole('navigation', { name: en.shell.viewsLabel });
    await nav.getByRole('button', { name: en.shell.views.channels }).click();
    await app.getByRole('button', { name: `Open ${title}`, exact: true }).click();
    await app.getByRole('tab', { name: 'Callbacks' }).click();
    await app.getByLabel('Live state callback').fill(`${base}/live`);
    await app.getByLabel('Recording destination callback').fill(`${base}/file`);
    await app.getByLabel('Playback callback').fill(`${base}/play`);
    await app.getByRole('button', { name: 'Save' }).click();
    await expect(app.getByRole('status').filter({ hasText: /^Saved\.$/ })).toBeVisible();

    // VOD: the channel callback (with pingback) and the download callback, in the Library.
    const vodChannel = (
      await vodPlatform.get<{ data: { key: string; name: string; kind: number }[] }>('/channels', {
        per_page: '100',
      })
    ).data.find((item) => item.kind !== 1);
    const content = (
      await vodPlatform.get<{ data: { upload_file_key: string; title: string }[] }>(
        '/media-contents',
        { per_page: '100' },
      )
    ).data.find((item) => item.title === 'Backstage Tour with the Crew');
    if (vodChannel === undefined || content === undefined) throw new Error('seed changed');
    const contentPath = `/channels/${vodChannel.key}/media-contents/${content.upload_file_key}`;
    // Not in the channel yet, whatever the seed says.
    await vodPlatform.send('DELETE', `${contentPath}/detach`).catch(() => undefined);
    await nav.getByRole('button', { name: en.shell.views.library }).click();
    await app.getByRole('tab', { name: 'VOD channels', exact: true }).click();
    await app
      .getByRole('list', { name: 'VOD channels' })
      .getByRole('button', { name: vodChannel.name })
      .first()
      .click();
    const detailTab = (name: string) =>
      app.getByRole('tablist', { name: 'Channel settings' }).getByRole('tab', { name }).click();
    await detailTab('Callbacks');
    await app.getByLabel('Callback URL', { exact: true }).fill(`${base}/vod`);
    await app.getByLabel(/pingback/).check();
    await app.getByRole('button', { name: 'Save callback' }).click();
    await app.getByLabel('Download callback URL').fill(`${base}/download`);
    await app.getByRole('button', { name: 'Save download callback' }).click();
    await expect
      .poll(async () => {
        const { data } = await vodPlatform.get<{
          data: { callback_url: string | null; download_callback_url: string | null };
        }>(`/channels/${vodChannel.key}`);
        return [data.callback_url, data.download_callback_url];
      })
      .toEqual([`${base}/vod`, `${base}/download`]);

    // The actions.
    await control(`/live/channels/${onAir.channel_key}/play`, { client_user_id: 'viewer-1' });
    await platform.send('POST', `/broadcasts/${onAir.key}/duplicate-recording`);
    await sandbox.clock.advance(60_000);
    await platform.send('DELETE', `/broadcasts/${onAir.key}/duplicate-recording`);
    await control(`/broadcasts/${onAir.key}/pause`);
    // The content added to the channel in the Library.
    await detailTab('Contents');
    await app.getByRole('searchbox', { name: 'Search the library' }).fill('Backstage Tour');
    await app.getByRole('button', { name: `Add ${content.title}` }).click();
    await expect.poll(() => at('/vod').length).toBe(1);
    const mediaContentKey = at('/vod')[0]?.form.media_content_key ?? '';
    const viewer = `/vod/channels/${vodChannel.key}/media-contents/${mediaContentKey}`;
    await control(`${viewer}/play`, { client_user_id: 'member-1' });
    await control(`${viewer}/download`, { device: 'pc' });
    await control(`${viewer}/download`, { device: 'mobile' });
    await vodPlatform.send('POST', `/media-contents/${content.upload_file_key}/ai-scripts`);
    await sandbox.clock.advance(11 * 60_000);
    await sandbox.callbacks.settle();
    // A URL outside this machine: refused, never connected (an address needs no lookup).
    await vodPlatform.send('PUT', `/channels/${vodChannel.key}/download-callback`, {
      download_callback_url: 'http://192.0.2.1/hook',
    });
    await control(`${viewer}/download`, { device: 'pc' });

    // Removed from the channel in the Library (asks first).
    await app.getByRole('button', { name: `Remove ${content.title} from the channel` }).click();
    await app.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => at('/vod').length).toBe(4);
    await sandbox.callbacks.settle();

    // Each kind arrived with its payload.
    expect(at('/play')[0]?.form).toMatchObject({
      kind: '100',
      channel_key: onAir.channel_key,
      media_content_key: onAir.key,
      client_user_id: 'viewer-1',
    });
    expect(at('/file')[0]?.form).toMatchObject({
      broadcast_key: onAir.key,
      recording_file_kind: 'duplicate',
      recording_file_transfer_result: '1',
    });
    expect(at('/live').map((hit) => hit.form.event)).toEqual(['pause']);
    expect(at('/vod').map((hit) => hit.form.event ?? 'playback')).toEqual([
      'added',
      'playback',
      'completed',
      'deleted',
    ]);
    expect(at('/vod')[1]?.form).toMatchObject({
      media_content_key: mediaContentKey,
      client_user_id: 'member-1',
    });
    expect(at('/download').map((hit) => hit.form.device)).toEqual(['pc', 'mobile']);

    // The delivery log in the Rehearsal view.
    await nav.getByRole('button', { name: en.shell.views.rehearsal }).click();
    await expect(app.getByRole('heading', { name: en.rehearsalCallbacks.heading })).toBeVisible();
    const rows = app.locator('tbody tr');
    for (const kind of Object.values(en.rehearsalCallbacks.kinds))
      await expect(rows.filter({ hasText: kind }).first()).toBeVisible();
    const refusedRow = rows.filter({ hasText: 'http://192.0.2.1/hook' });
    await expect(refusedRow).toContainText(en.rehearsalCallbacks.statuses.refused);
    await expect(refusedRow).toContainText('outside this machine');
    const playRow = rows.filter({ hasText: en.rehearsalCallbacks.kinds['live.playback'] });
    await expect(playRow).toContainText(`${base}/play`);
    await expect(playRow).toContainText('HTTP 200');
    await expect(playRow).toContainText('UTC');
    await playRow.getByText(en.rehearsalCallbacks.showPayload).click();
    await expect(playRow.locator('dl')).toContainText('viewer-1');
    await app.screenshot(shot('en'));

    // Resend the playback callback: the receiver gets it again, attempt #2 is shown.
    await playRow.getByRole('button', { name: en.rehearsalCallbacks.resend }).click();
    await expect.poll(() => at('/play').length).toBe(2);
    expect(at('/play')[1]?.form).toEqual(at('/play')[0]?.form);
    await expect(playRow).toContainText('#2');

    // The setting, off by default, and the view in Korean.
    await app.getByRole('button', { name: en.settings.button }).click();
    await expect(app.getByLabel(en.rehearsalCallbacks.settingLabel)).not.toBeChecked();
    await app.getByLabel(en.settings.language).selectOption('ko');
    await expect(app.getByLabel(ko.rehearsalCallbacks.settingLabel)).toBeVisible();
    await app.screenshot(shot('ko-settings'));
    await app.keyboard.press('Escape');
    await expect(app.getByRole('heading', { name: ko.rehearsalCallbacks.heading })).toBeVisible();
    await expect(
      rows.filter({ hasText: ko.rehearsalCallbacks.kinds['vod.ai_script'] }).first(),
    ).toBeVisible();
    await app.screenshot(shot('ko'));
  } finally {
    receiver.closeAllConnections();
    receiver.close();
  }
});
