/**
 * Rehearsal, as an operator rehearsing an event: from the Rehearsal panel (sandbox workspace
 * only) an off-air channel is put on air; the control room shows it on air within 5 s; its
 * encoder is stopped and the panel says the broadcast waits for it. Screens in en and ko.
 */
import { test, expect, type SandboxHandle } from './fixtures';

// What this file tests is not the budget: the sandbox and the app pace ten times faster
// (docs/dev/testing.md); the budget itself is tested at the platform's pace.
test.use({ budget: 'fast' });

const shots = (name: string) => ({ path: `test-results/screens/${name}.png`, fullPage: true });

/** An enabled channel an encoder can feed that is off air now (the seed's Backstage Cam). */
async function offAirChannel(sandbox: SandboxHandle): Promise<{ key: string; title: string }> {
  const channel = (await sandbox.encoders.list()).find(
    (item) => item.state === 'off' && item.channel_title === 'Backstage Cam',
  );
  if (channel === undefined) throw new Error('the seed has no off-air Backstage Cam');
  return { key: channel.channel_key, title: channel.channel_title };
}

test('a channel put on air from the Rehearsal panel shows on air in the control room within 5 s', async ({
  app,
  sandbox,
}) => {
  const channel = await offAirChannel(sandbox);
  const views = app.getByRole('navigation', { name: 'Views' });
  const row = app.locator(`tr[data-channel-key="${channel.key}"]`);

  await views.getByRole('button', { name: 'Rehearsal' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Rehearsal' })).toBeVisible();
  await expect(row).toContainText('Off');
  await app.screenshot(shots('rehearsal-01-encoders'));

  await app.getByRole('button', { name: `Start the encoder of ${channel.title}` }).click();
  await expect(row).toHaveAttribute('data-encoder-state', 'live');
  expect((await sandbox.encoders.status(channel.key)).state).toBe('live');

  await views.getByRole('button', { name: 'Control room' }).click();
  const option = app
    .getByRole('listbox', { name: 'Live channels' })
    .getByRole('option', { name: new RegExp(channel.title) });
  await expect(option).toContainText('On air', { timeout: 5_000 });

  await views.getByRole('button', { name: 'Rehearsal' }).click();
  await app.getByRole('button', { name: `Stop the encoder of ${channel.title}` }).click();
  await expect(row).toHaveAttribute('data-encoder-state', 'reconnecting');
  await expect(row).toContainText(/Reconnecting: \d+:\d\d left/);
  expect((await sandbox.encoders.status(channel.key)).state).toBe('reconnecting');
  await app.screenshot(shots('rehearsal-02-reconnecting'));
});

test.describe('in Korean', () => {
  test.use({ locale: 'ko-KR' });

  test('the Rehearsal view starts and stops an encoder', async ({ app, sandbox }) => {
    const channel = await offAirChannel(sandbox);
    const row = app.locator(`tr[data-channel-key="${channel.key}"]`);
    await app.getByRole('button', { name: '리허설' }).click();
    await expect(app.getByRole('heading', { level: 1, name: '리허설' })).toBeVisible();
    await app.getByRole('button', { name: `${channel.title} 인코더 시작` }).click();
    await expect(row).toContainText('송출 중');
    await app.screenshot(shots('ko-rehearsal-01-live'));
    await app.getByRole('button', { name: `${channel.title} 인코더 중지` }).click();
    await expect(row).toContainText('재연결 대기');
    await app.screenshot(shots('ko-rehearsal-02-reconnecting'));
  });
});
