/**
 * The waiting screen of a program (shown before it starts), set and cleared from the side
 * panel as ordinary schedule edits, undone like the others, checked on the sandbox.
 */
import { test, expect } from './fixtures';
import {
  allPrograms,
  appSettled,
  channelPrograms,
  platformPoll,
  minute,
  shots,
  type SandboxProgram,
} from './schedule-support';

// What this file tests is not the budget: the sandbox and the app pace ten times faster
// (docs/dev/testing.md); the budget itself is tested at the platform's pace.
test.use({ budget: 'fast' });

interface WithWaitingScreen extends SandboxProgram {
  wait_media_content_key: string | null;
}

test('an operator sets, changes and undoes a waiting screen', async ({ app, platform, clock }) => {
  test.setTimeout(150_000);
  const screens = await platform.get<{ data: { wait_media_content_key: string; title: string }[] }>(
    '/programs/wait-media-contents',
  );
  const programs = (await allPrograms(platform)) as WithWaitingScreen[];
  // A program soon (on screen at the default zoom) that has not started; the seed's gaps and
  // screens depend on the time of day, so one that has a screen gets it cleared first.
  const soon = programs.filter(
    (p) =>
      Date.parse(p.start_at) > clock.now() + 20 * minute &&
      Date.parse(p.start_at) < clock.now() + 4 * 60 * minute,
  );
  const program = soon.find((p) => !p.wait_media_content_key) ?? soon[0];
  const screen = screens.data[0];
  if (!program || !screen) throw new Error('the sandbox seed has no program or waiting screen');
  if (program.wait_media_content_key) {
    await platform.send('PUT', `/channels/${program.channel_key}/programs/${program.id}`, {
      wait_media_content_key: '',
    });
  }
  const onPlatform = async () => {
    const list = (await channelPrograms(
      platform,
      program.channel_key,
      Date.parse(program.start_at),
      Date.parse(program.end_at),
    )) as WithWaitingScreen[];
    return list.find((p) => p.id === program.id)?.wait_media_content_key || null;
  };

  await app.getByRole('button', { name: 'Schedule' }).click();
  await appSettled(app);
  await app.locator(`[data-program-id="${program.id}"]`).click();
  const details = app.getByRole('region', { name: 'Selected program' });
  const status = app.getByRole('region', { name: 'Schedule' }).getByRole('status');
  const select = details.getByLabel('Waiting screen');
  await expect(select).toHaveValue('');
  await expect(select).toBeEnabled();

  await select.selectOption({ label: screen.title });
  await expect(status).toContainText(`Show “${screen.title}” before`);
  await expect(status).toContainText('done');
  await expect.poll(onPlatform, platformPoll).toBe(screen.wait_media_content_key);
  await app.screenshot(shots('41-waiting-screen-set'));

  await select.selectOption({ label: 'None (idle screen until it starts)' });
  await expect(status).toContainText('Clear the waiting screen');
  await expect.poll(onPlatform, platformPoll).toBeNull();

  // Undo puts the screen back, on the platform too.
  await app.getByRole('button', { name: 'Undo' }).click();
  await expect(status).toContainText('Undo: Clear the waiting screen');
  await expect(select).toHaveValue(screen.wait_media_content_key);
  await expect.poll(onPlatform, platformPoll).toBe(screen.wait_media_content_key);
});
