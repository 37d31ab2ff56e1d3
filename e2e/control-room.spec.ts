/**
 * The operator's path through the live control room, against the sandbox platform through
 * the browser host: pick an on-air channel, record, cue, watch the room, rename.
 */
import { watchIntervals } from '../src-main/services/control-room/watch-plan';
import { test, expect } from './fixtures';
import { findOnAir, recordingAtPlatform, type LiveBroadcast } from './on-air';

const shots = (name: string) => ({ path: `test-results/screens/${name}.png`, fullPage: true });

test('an operator runs a broadcast from the control room', async ({ app, platform, sandbox }) => {
  // Room for the participants' wait below (up to 45 s) beside the rest (about 30 s).
  test.setTimeout(90_000);
  const { channel, broadcast } = await findOnAir(platform, { timeshift: true, recording: false });

  const channels = app.getByRole('listbox', { name: 'Live channels' });
  await expect(channels.getByRole('option').first()).toBeVisible();
  await app.screenshot(shots('01-channel-list'));
  await channels.getByRole('option', { name: new RegExp(channel.title) }).click();
  await expect(app.getByRole('heading', { level: 1, name: broadcast.title })).toBeVisible();
  await expect(app.getByTestId('onair-tally')).toHaveText(/on air/i);

  // Start recording: the UI and the platform both say so.
  await app.getByRole('button', { name: 'Start recording' }).click();
  await expect(app.getByTestId('recording-badge')).toBeVisible();
  await expect(app.getByRole('button', { name: 'Stop recording' })).toBeVisible();
  await expect.poll(() => recordingAtPlatform(platform, broadcast.key)).toBe(true);
  await app.screenshot(shots('02-recording'));

  // Stopping asks first; keeping recording changes nothing.
  await app.getByRole('button', { name: 'Stop recording' }).click();
  const dialog = app.getByRole('dialog', { name: 'Stop recording?' });
  await expect(dialog).toBeVisible();
  await app.screenshot(shots('03-confirm-stop'));
  await dialog.getByRole('button', { name: 'Keep recording' }).click();
  await expect(dialog).toBeHidden();
  await expect(app.getByTestId('recording-badge')).toBeVisible();
  await app.getByRole('button', { name: 'Stop recording' }).click();
  await dialog.getByRole('button', { name: 'Stop recording' }).click();
  await expect(app.getByRole('button', { name: 'Start recording' })).toBeVisible();
  await expect(app.getByTestId('recording-badge')).toBeHidden();
  await expect.poll(() => recordingAtPlatform(platform, broadcast.key)).toBe(false);

  // Set a cue point to now and see it.
  await app.getByRole('button', { name: 'Set cue point', exact: true }).click();
  await expect(app.getByTestId('cue-point')).toContainText('UTC');
  await expect(app.getByTestId('cue-point')).toContainText('viewers can seek back to here');
  const cued = (await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${broadcast.key}`)).data;
  expect(cued.cue_sign_at).not.toBeNull();

  // The room changes as the sandbox clock runs; the view follows without a reload.
  const participants = app.getByRole('region', { name: 'Chat participants' });
  const viewers = app.getByRole('region', { name: 'Viewers' });
  await expect(participants.getByTestId('participants-count')).toHaveText(/\d/);
  await expect(viewers.getByTestId('viewers-now')).toHaveText(/\d/);
  const who = participants.getByRole('list', { name: 'Who is in the chat room' });
  // Each join time is UTC, and says so (beside the recording's and the start's UTC times).
  await expect(who.getByRole('listitem').first()).toContainText(/since \d\d:\d\d:\d\d UTC/);
  const whoBefore = await who.textContent();
  const updatedBefore = await participants.getByTestId('participants-updated').textContent();
  await app.screenshot(shots('04-cue-point'));
  await sandbox.clock.advance(20 * 60_000);
  // The next read of the participants comes within their interval (15 s); three intervals, as
  // on a busy machine a refusal (429) slows the watches' share of the budget for a while.
  // Twenty minutes on, the room holds other people (the head count alone may come out the same).
  await expect(who).not.toHaveText(whoBefore ?? '', {
    timeout: 3 * watchIntervals.focused.participants,
  });
  await expect(participants.getByTestId('participants-count')).toHaveText(/\d/);
  await expect(participants.getByTestId('participants-updated')).not.toHaveText(
    updatedBefore ?? '',
  );
  await expect(participants.getByTestId('participants-updated')).toHaveText(
    // Intl.RelativeTimeFormat (short) in the page's locale: `updated now`, `updated 4 sec. ago`.
    /updated (now|\d+ sec\. ago)/,
  );

  // Rename the broadcast in place.
  await app.getByRole('button', { name: 'Rename broadcast' }).click();
  const title = app.getByRole('textbox', { name: 'Broadcast title' });
  await title.fill('Finals night — main feed');
  await title.press('Enter');
  await expect(
    app.getByRole('heading', { level: 1, name: 'Finals night — main feed' }),
  ).toBeVisible();
  await expect
    .poll(
      async () =>
        (await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${broadcast.key}`)).data.title,
    )
    .toBe('Finals night — main feed');
  await app.screenshot(shots('05-renamed'));
});

test('a refusal by the platform reaches the operator in plain words', async ({
  app,
  platform,
  clock,
}) => {
  // Without timeshift there is no cue point to set, and the view says so.
  const plain = await findOnAir(platform, { timeshift: false, recording: false });
  const channels = app.getByRole('listbox', { name: 'Live channels' });
  await channels.getByRole('option', { name: new RegExp(plain.channel.title) }).click();
  await expect(app.getByRole('heading', { level: 1, name: plain.broadcast.title })).toBeVisible();
  await expect(app.getByText('Timeshift is off for this broadcast')).toBeVisible();
  await expect(app.getByRole('button', { name: 'Set cue point', exact: true })).toBeDisabled();

  // A cue point in the future: the workstation only warns (its clock may be off), the
  // platform refuses, and the operator reads the platform's own reason.
  const { channel, broadcast } = await findOnAir(platform, { timeshift: true, recording: false });
  await channels.getByRole('option', { name: new RegExp(channel.title) }).click();
  await expect(app.getByRole('heading', { level: 1, name: broadcast.title })).toBeVisible();
  await app.getByRole('button', { name: 'Choose a time…' }).click();
  const future = new Date(clock.now() + 10 * 60_000).toISOString().slice(0, 19);
  await app.getByLabel('Cue point time (UTC)').fill(future);
  await expect(app.getByText('the platform will refuse a time in the future')).toBeVisible();
  await app.getByRole('button', { name: 'Set cue point at this time' }).click();
  const alert = app.getByRole('alert');
  await expect(alert).toContainText('Cue point not set:');
  await expect(alert).toContainText(/future|now/i);
  await app.screenshot(shots('06-platform-refusal'));
  const after = (await platform.get<{ data: LiveBroadcast }>(`/broadcasts/${broadcast.key}`)).data;
  expect(after.cue_sign_at).toBe(broadcast.cue_sign_at);
});

test('a double click starts recording once, and the keyboard reaches every control', async ({
  app,
  platform,
}) => {
  const { channel, broadcast } = await findOnAir(platform, { timeshift: true, recording: false });
  const search = app.getByRole('searchbox', { name: 'Search channels' });
  await search.focus();
  await search.fill(channel.title.slice(0, 6));
  const channels = app.getByRole('listbox', { name: 'Live channels' });
  await expect(channels.getByRole('option', { name: new RegExp(channel.title) })).toBeVisible();
  await channels.focus();
  await app.keyboard.press('ArrowDown');
  await expect(channels.getByRole('option', { selected: true })).toHaveCount(1);
  await channels.getByRole('option', { name: new RegExp(channel.title) }).click();
  await expect(app.getByRole('heading', { level: 1, name: broadcast.title })).toBeVisible();

  await app.getByRole('button', { name: 'Start recording' }).dblclick();
  await expect(app.getByTestId('recording-badge')).toBeVisible();
  // A second request would have been refused with 422 ("already recording") and shown.
  await expect(app.getByRole('alert')).toHaveCount(0);

  // Keyboard: the stop button is reachable and the dialog answers to Escape.
  await app.getByRole('button', { name: 'Stop recording' }).focus();
  await app.keyboard.press('Enter');
  await expect(app.getByRole('dialog')).toBeVisible();
  await expect(
    app.getByRole('dialog').getByRole('button', { name: 'Keep recording' }),
  ).toBeFocused();
  await app.keyboard.press('Escape');
  await expect(app.getByRole('dialog')).toBeHidden();
  await expect(app.getByTestId('recording-badge')).toBeVisible();
});

test('the status bar shows the API budget', async ({ app }) => {
  await expect(app.getByTestId('budget-calls')).toHaveText(/\d+\/60 calls in the last minute/);
  await expect(app.getByTestId('budget-queued')).toHaveText(/\d+ queued/);
  // It stays at the bottom of the window in every view, banner or not.
  const bar = app.getByRole('contentinfo', { name: 'Status bar' });
  for (const view of ['Accounts', 'Control room']) {
    await app.getByRole('button', { name: view, exact: true }).click();
    const box = await bar.boundingBox();
    const height = app.viewportSize()?.height ?? 0;
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(height);
    expect(box?.height ?? 0).toBeLessThan(60);
  }
});

test('a figure whose poll fails says it is stale and why, until a poll succeeds', async ({
  app,
  platform,
  sandbox,
}) => {
  const { channel, broadcast } = await findOnAir(platform, { timeshift: true, recording: false });
  const channels = app.getByRole('listbox', { name: 'Live channels' });
  await channels.getByRole('option', { name: new RegExp(channel.title) }).click();
  await expect(app.getByRole('heading', { level: 1, name: broadcast.title })).toBeVisible();
  const participants = app.getByRole('region', { name: 'Chat participants' });
  await expect(participants.getByTestId('participants-count')).toHaveText(/\d/);
  const viewers = app.getByRole('region', { name: 'Viewers' });
  await expect(viewers.getByTestId('viewers-now')).toHaveText(/\d/);

  // The platform starts failing every call (500 or 503), through the sandbox's fault control.
  const faults = `${new URL(sandbox.info.live_base_url).origin}/__sandbox/faults`;
  const failing = await fetch(faults, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ errorRate: 1 }),
  });
  expect(failing.status).toBe(200);
  const staleBroadcast = app.getByTestId('broadcast-stale');
  const staleParticipants = participants.getByTestId('participants-stale');
  // The focused broadcast is polled every 5 s and its participants every 15 s (watchIntervals).
  await expect(staleBroadcast).toHaveText(
    /stale — the platform did not answer \(50[03]\) · last updated \d+ sec\. ago/,
    { timeout: 15_000 },
  );
  await expect(staleParticipants).toHaveText(
    /stale — the platform did not answer \(50[03]\) · last updated \d+ sec\. ago/,
    { timeout: 30_000 },
  );
  // The figures stay on screen, dimmed.
  await expect(participants.getByTestId('participants-count')).toHaveCSS('opacity', '0.5');
  await app.screenshot(shots('07-stale'));

  // The platform answers again: the next successful polls clear the notes.
  expect((await fetch(faults, { method: 'DELETE' })).status).toBe(200);
  await expect(staleBroadcast).toBeHidden({ timeout: 30_000 });
  await expect(staleParticipants).toBeHidden({ timeout: 30_000 });
  await expect(participants.getByTestId('participants-count')).toHaveCSS('opacity', '1');
});
