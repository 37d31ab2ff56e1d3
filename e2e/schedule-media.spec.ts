/**
 * A program's media in play order, changed from the side panel through the same play-order
 * list "Fill range…" uses: played earlier, taken out, and the last one kept; each change is
 * one schedule edit, checked on the sandbox.
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

interface WithMedia extends SandboxProgram {
  media_contents: { upload_file_key: string; title: string }[];
}

test('an operator reorders a program’s media and takes one out', async ({
  app,
  platform,
  clock,
}) => {
  test.setTimeout(150_000);
  const programs = (await allPrograms(platform)) as WithMedia[];
  // A program soon (on screen at the default zoom), not started, with two or more media
  // whose titles differ (the buttons are named after them).
  const program = programs.find((p) => {
    const titles = p.media_contents.map((m) => m.title);
    return (
      Date.parse(p.start_at) > clock.now() + 20 * minute &&
      Date.parse(p.start_at) < clock.now() + 4 * 60 * minute &&
      titles.length >= 2 &&
      new Set(titles).size === titles.length
    );
  });
  if (!program) throw new Error('the sandbox seed has no program with two different media soon');
  const titles = program.media_contents.map((m) => m.title);
  const [first, second] = titles;
  if (!first || !second) throw new Error('unreachable');
  const onPlatform = async () => {
    const list = (await channelPrograms(
      platform,
      program.channel_key,
      Date.parse(program.start_at),
      Date.parse(program.end_at),
    )) as WithMedia[];
    return list.find((p) => p.id === program.id)?.media_contents.map((m) => m.title);
  };

  await app.getByRole('button', { name: 'Schedule' }).click();
  await appSettled(app);
  await app.locator(`[data-program-id="${program.id}"]`).click();
  const details = app.getByRole('region', { name: 'Selected program' });
  const list = details.getByRole('list', { name: `Media of ${program.title}` });
  await expect(list.getByRole('listitem')).toHaveCount(titles.length);
  await expect(list.getByRole('button', { name: `Play ${first} earlier` })).toBeDisabled();

  // The second plays first now: one update, and the platform has the new order.
  await list.getByRole('button', { name: `Play ${second} earlier` }).click();
  const reordered = [second, first, ...titles.slice(2)];
  await expect.poll(onPlatform, platformPoll).toEqual(reordered);
  await expect(list.getByRole('listitem').first()).toContainText(second);
  await app.screenshot(shots('42-media-reordered'));

  // Take out every item but one: the last one cannot be taken out.
  for (const title of reordered.slice(1).reverse()) {
    await expect(list.getByRole('button', { name: `Take out ${title}` })).toBeEnabled();
    await list.getByRole('button', { name: `Take out ${title}` }).click();
    await expect(list.getByRole('button', { name: `Take out ${title}` })).toHaveCount(0);
  }
  await expect.poll(onPlatform, platformPoll).toEqual([second]);
  await expect(list.getByRole('button', { name: `Take out ${second}` })).toBeDisabled();
});
