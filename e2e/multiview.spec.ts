/**
 * The Multiview with six channels on air, against the sandbox through the browser host: every
 * on-air channel is a tile; a click focuses it in the control room; recording starts from a
 * tile and stops after the confirmation; a channel whose encoder stays away past the reconnect
 * window leaves the grid and lands in the ended strip. English and Korean screenshots go to
 * test-results/screens/ (looked at by hand; they assert nothing).
 */
import { test, expect, type PlatformProbe } from './fixtures';

interface LiveBroadcast {
  key: string;
  channel_key: string;
  title: string;
  is_onair: boolean;
  is_duplicate_recording: boolean;
}
interface LiveChannel {
  key: string;
  title: string;
}

test.use({ onAir: 6 });

const shots = (name: string) => ({ path: `test-results/screens/${name}.png`, fullPage: true });

async function onAirNow(platform: PlatformProbe): Promise<LiveBroadcast[]> {
  return (await platform.get<{ data: LiveBroadcast[] }>('/broadcasts?is_onair=1&per_page=100'))
    .data;
}

test('the Multiview shows every on-air channel and runs a tile’s commands', async ({
  app,
  platform,
  sandbox,
}) => {
  const onAir = await onAirNow(platform);
  expect(onAir).toHaveLength(6);
  // An encoder-fed broadcast that is not recording: the one this test records and ends.
  const fed = new Set(
    (await sandbox.encoders.list()).filter((e) => e.state === 'live').map((e) => e.channel_key),
  );
  const target = onAir.find((b) => fed.has(b.channel_key) && !b.is_duplicate_recording);
  if (!target) throw new Error('no encoder-fed broadcast on air without recording');
  const channel = (await platform.get<{ data: LiveChannel }>(`/channels/${target.channel_key}`))
    .data;

  const views = app.getByRole('navigation', { name: 'Views' });
  await views.getByRole('button', { name: 'Multiview' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Multiview' })).toBeVisible();
  await expect(app.getByTestId('multiview-tile')).toHaveCount(6);
  await expect(app.getByTestId('multiview-count')).toHaveText('6 channels on air');
  const tile = app.locator(`[data-testid="multiview-tile"][data-broadcast="${target.key}"]`);
  await expect(tile.getByTestId('tally')).toHaveText(/on air/i);
  // Viewers and chat arrive within the Multiview's share of the budget.
  await expect(tile.getByTestId('viewers')).toHaveText(/^[\d,]+ viewers?$/, { timeout: 45_000 });
  await app.screenshot(shots('multiview-6-en'));

  // The table layout is a toggle away, and back.
  await app.getByRole('button', { name: 'Table' }).click();
  await expect(app.getByTestId('multiview-row')).toHaveCount(6);
  await app.getByRole('button', { name: 'Tiles' }).click();

  // Recording starts from the tile; the platform and the tally both say so.
  await tile.getByRole('button', { name: `Record · ${channel.title}` }).click();
  await expect
    .poll(
      async () =>
        (await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${target.key}`)).data
          .is_duplicate_recording,
    )
    .toBe(true);
  await expect(tile.getByTestId('tally')).toHaveText(/recording/i);

  // Stopping asks first: cancelling keeps it recording, confirming stops it.
  await tile.getByRole('button', { name: `Stop recording · ${channel.title}` }).click();
  const dialog = app.getByRole('dialog', { name: 'Stop recording?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep recording' }).click();
  await expect(dialog).toBeHidden();
  expect(
    (await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${target.key}`)).data
      .is_duplicate_recording,
  ).toBe(true);
  await tile.getByRole('button', { name: `Stop recording · ${channel.title}` }).click();
  await dialog.getByRole('button', { name: 'Stop recording' }).click();
  await expect
    .poll(
      async () =>
        (await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${target.key}`)).data
          .is_duplicate_recording,
    )
    .toBe(false);
  await expect(tile.getByTestId('tally')).toHaveText(/on air/i);

  // A click on the tile focuses its channel in the control room.
  await tile.getByRole('button', { name: `Open ${channel.title} in the control room` }).click();
  await expect(views.getByRole('button', { name: 'Control room' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(app.getByRole('heading', { level: 1, name: target.title })).toBeVisible();

  // Keyboard: Shift+2 opens the Multiview again.
  await app.keyboard.press('Shift+Digit2');
  await expect(app.getByTestId('multiview-tile')).toHaveCount(6);

  // The encoder stops and stays away past the reconnect window (sandbox control): the
  // broadcast ends, leaves the grid and lands in the ended strip.
  await sandbox.encoders.set(target.channel_key, 'off');
  await sandbox.clock.advance((await sandbox.encoders.reconnectWindowMs()) + 1_000);
  await sandbox.encoders.runDue();
  await expect(tile).toHaveCount(0, { timeout: 20_000 });
  await expect(app.getByTestId('multiview-tile')).toHaveCount(5);
  await expect(app.getByTestId('ended-strip')).toContainText(
    `${channel.title}: ${target.title} left the air at`,
  );
  await app.screenshot(shots('multiview-ended-en'));
});
