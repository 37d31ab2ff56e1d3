/**
 * The Schedule's "All channels" agenda (listPrograms) and deleting program media
 * (deleteProgramMediaContent), as an operator does them, checked through the live probe:
 * the agenda lists what the platform has for the day on screen, a chosen program comes into
 * the timeline selected, an unused media item is deleted after confirming, and one a program
 * plays is refused with the platform's own words (and stays).
 */
import { test, expect, type PlatformProbe } from './fixtures';
import { appSettled, dayMs, platformPoll, minute, shots, utcDay } from './schedule-support';

test.use({ budget: 'fast' });

interface WireProgram {
  id: number;
  channel_key: string;
  title: string;
  start_at: string;
  end_at: string;
  media_contents: { upload_file_key: string; title: string }[];
}

interface WireMedia {
  upload_file_key: string;
  title: string;
}

/** Every program media item of the account, as the platform lists it now. */
async function mediaOnPlatform(platform: PlatformProbe): Promise<WireMedia[]> {
  const answer = await platform.get<{ data: WireMedia[] }>('/programs/media-contents?per_page=100');
  return answer.data;
}

test('the agenda lists every channel’s programs of the day; media is deleted after asking, refused while played', async ({
  app,
  platform,
  clock,
}) => {
  await app.getByRole('button', { name: 'Schedule' }).click();
  await appSettled(app);

  // The day on screen: the UTC day in the middle of the timeline.
  const timeline = app.getByTestId('timeline');
  const viewStart = Number(await timeline.getAttribute('data-view-start'));
  const viewEnd = Number(await timeline.getAttribute('data-view-end'));
  const day = utcDay((viewStart + viewEnd) / 2);
  const dayStart = Date.parse(`${day}T00:00:00Z`);
  const range = `start_date=${day}T00:00:00Z&end_date=${utcDay(dayStart + dayMs)}T00:00:00Z`;
  const listed = await platform.get<{ data: WireProgram[] }>(`/programs?per_page=100&${range}`);
  const channels = await platform.get<{ data: { key: string; title: string }[] }>(
    '/channels?channel_type=scheduled&per_page=100',
  );
  const channelTitle = new Map(channels.data.map((c) => [c.key, c.title]));
  // Programs of more than one channel that have not ended; the first yet to start is chosen.
  const notEnded = listed.data.filter((p) => Date.parse(p.end_at) > clock.now());
  expect(new Set(notEnded.map((p) => p.channel_key)).size).toBeGreaterThan(1);
  const program = notEnded.find((p) => Date.parse(p.start_at) > clock.now() + 10 * minute);
  if (!program) throw new Error('the sandbox seed has no program later on the day on screen');
  const channel = channelTitle.get(program.channel_key) ?? '';

  const agenda = app.getByRole('region', { name: 'All channels' });
  const list = agenda.getByRole('list', { name: 'Programs of all channels' });
  const entry = list.getByRole('button', {
    name: `Show ${program.title} on ${channel} at ${program.start_at.slice(11, 16)} UTC in the timeline`,
  });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(channel);
  // The list is as long as the platform's (rows out of view are not drawn, but counted).
  await expect(list.getByRole('listitem').first()).toHaveAttribute(
    'aria-setsize',
    String(notEnded.length),
  );
  await app.screenshot(shots('70-agenda'));

  // Choosing it brings it into the timeline, selected.
  await entry.click();
  await expect(app.locator(`[data-program-id="${program.id}"]`)).toBeVisible();
  await expect(app.getByRole('region', { name: 'Selected program' })).toContainText(program.title);
  await app.screenshot(shots('71-agenda-chosen'));

  // An uploaded item no program plays: asked first, then gone from the platform and the list.
  const library = app.getByRole('list', { name: 'Program media library' });
  const unused = (await mediaOnPlatform(platform)).find((m) =>
    m.title.endsWith('Unscheduled Special'),
  );
  if (!unused) throw new Error('the sandbox seed has no unused program media');
  await library.getByRole('button', { name: `Delete ${unused.title}` }).click();
  const dialog = app.getByRole('dialog', { name: 'Delete this program media?' });
  await expect(dialog).toContainText(unused.title);
  await app.screenshot(shots('72-media-delete-confirm'));
  // Cancelling sends nothing: the item stays.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await library.getByRole('button', { name: `Delete ${unused.title}` }).click();
  await dialog.getByRole('button', { name: 'Delete media' }).click();
  await expect(
    app.getByRole('status').filter({ hasText: `“${unused.title}” was deleted.` }),
  ).toBeVisible();
  await expect
    .poll(async () => (await mediaOnPlatform(platform)).map((m) => m.upload_file_key), platformPoll)
    .not.toContain(unused.upload_file_key);
  await expect(library.getByRole('button', { name: `Delete ${unused.title}` })).toHaveCount(0);

  // An item the chosen program plays: the platform refuses, in its own words, and keeps it.
  const played = program.media_contents[0];
  if (!played) throw new Error('the chosen program plays no media');
  await library.getByRole('button', { name: `Delete ${played.title}` }).click();
  await dialog.getByRole('button', { name: 'Delete media' }).click();
  const refusal = app.getByRole('alert').filter({ hasText: `Could not delete “${played.title}”` });
  await expect(refusal).toContainText(/The media content is played by \d+ program\(s\)/);
  await app.screenshot(shots('73-media-delete-refused'));
  expect((await mediaOnPlatform(platform)).map((m) => m.upload_file_key)).toContain(
    played.upload_file_key,
  );
  await expect(library.getByRole('button', { name: `Delete ${played.title}` })).toBeVisible();
});
