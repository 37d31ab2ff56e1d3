/**
 * A content's detail as an operator works it, against the sandbox platform (rate limit on,
 * ten times faster) through the browser host: transcoding files and profiles enabled,
 * disabled and deleted, a new transcoding job followed to the end; subtitles typed, uploaded
 * (a broken file refused before anything is sent), replaced, edited, dragged into a new
 * order and deleted; AI subtitle, outline and speed requested, refusals explained; a media
 * content key looked up, validated and assigned. Every change is checked through the VOD
 * probe, a second client of the platform.
 */
import type { Locator, Page } from '@playwright/test';
import { seedState } from '../src-main/sandbox/index';
import { test, expect, type VodProbe } from './fixtures';

test.use({ budget: 'fast' });

interface Content {
  upload_file_key: string;
  title: string;
}
interface FileRow {
  id: number;
  media_profile_name: string;
  status: string;
  transcoding_state: string;
  ai_speed_status: string;
}
interface SubtitleRow {
  id: number;
  name: string;
  language_code: string;
  source: string;
  content?: string;
}
interface KeyRow {
  media_content_key: string;
  upload_file_key: string | null;
}

/**
 * Does `act` as an operator until `done` holds. On a loaded machine two calls the app spaced
 * can reach the platform closer than they were sent, and the platform then refuses a write
 * with 429 ("Too many requests … Retry after 1 s"). The app sends that write again after the
 * pause (a 429 is a refusal before acting) and shows the refusal only when it is still refused
 * 60 s after its first send; should it show, the operator presses again, as they would.
 */
async function until(app: Page, act: () => Promise<void>, done: () => Promise<boolean>) {
  await act();
  const refused = app.getByText(/^Too many requests/).first();
  await expect
    .poll(
      async () => {
        if (await done()) return true;
        if (await refused.isVisible()) await act();
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Whether `locator` shows `text` now. */
const shows = async (locator: Locator, text: string) =>
  ((await locator.allTextContents()).join(' ') ?? '').includes(text);

const shot = (app: Page, name: string) =>
  app.screenshot({ path: `test-results/shots/library-content-${name}.png` });

async function contentKey(probe: VodProbe, title: string): Promise<string> {
  const list = await probe.get<{ data: Content[] }>('/media-contents', { per_page: '100' });
  const found = list.data.find((content) => content.title === title);
  if (!found) throw new Error(`no content titled ${title}`);
  return found.upload_file_key;
}

const filesOf = async (probe: VodProbe, key: string) =>
  (await probe.get<{ data: FileRow[] }>(`/media-contents/${key}/transcoding-files`)).data;
const subtitlesOf = async (probe: VodProbe, key: string) =>
  (await probe.get<{ data: SubtitleRow[] }>(`/media-contents/${key}/subtitles`)).data;

/** Opens the Library, a content by its title, and one of its tabs. */
async function openTab(app: Page, title: string, tab: string): Promise<void> {
  await app.getByRole('button', { name: 'Library', exact: true }).click();
  await app
    .getByRole('listbox', { name: 'Contents' })
    .getByRole('option')
    .filter({ hasText: title })
    .click();
  await app.getByRole('tab', { name: tab, exact: true }).click();
}

test('transcoding: files and profiles enabled, disabled, deleted; a new job followed to the end', async ({
  app,
  vodPlatform: probe,
  sandbox,
}) => {
  test.setTimeout(90_000);
  const vodPlatform = probe;
  const title = 'Matchday 13 Highlights';
  const key = await contentKey(vodPlatform, title);
  const [first, second, third] = await filesOf(vodPlatform, key);
  if (!first || !second || !third) throw new Error('the seed gives a video three files');
  const fileName = (row: FileRow) => `${key}-${/\d+p/.exec(row.media_profile_name)?.[0] ?? ''}.mp4`;
  await openTab(app, title, 'Transcoding');
  await expect(
    app.getByRole('region', { name: `Profile ${first.media_profile_name}` }),
  ).toBeVisible();
  await shot(app, 'transcoding');

  // One file off and on again.
  const statusOf = async (index: number) => (await filesOf(vodPlatform, key))[index]?.status;
  await until(
    app,
    () => app.getByRole('button', { name: `Disable ${fileName(second)}` }).click(),
    async () => (await statusOf(1)) === 'disabled',
  );
  await until(
    app,
    () => app.getByRole('button', { name: `Enable ${fileName(second)}` }).click(),
    async () => (await statusOf(1)) === 'enabled',
  );

  // Every file of a profile off and on again.
  await until(
    app,
    () =>
      app.getByRole('button', { name: `Disable all files of ${third.media_profile_name}` }).click(),
    async () => (await statusOf(2)) === 'disabled',
  );
  await until(
    app,
    () =>
      app.getByRole('button', { name: `Enable all files of ${third.media_profile_name}` }).click(),
    async () => (await statusOf(2)) === 'enabled',
  );

  // Deleting asks first: cancelled changes nothing; confirmed removes the file.
  await app.getByRole('button', { name: `Delete ${fileName(first)}` }).click();
  await expect(app.getByRole('dialog', { name: 'Delete this transcoding file?' })).toBeVisible();
  await shot(app, 'transcoding-confirm');
  await app.getByRole('button', { name: 'Cancel' }).click();
  expect((await filesOf(vodPlatform, key)).map((row) => row.id)).toContain(first.id);
  const ids = async () => (await filesOf(vodPlatform, key)).map((row) => row.id);
  await until(
    app,
    async () => {
      await app.getByRole('button', { name: `Delete ${fileName(first)}` }).click();
      await app.getByRole('button', { name: 'Delete permanently' }).click();
    },
    async () => !(await ids()).includes(first.id),
  );
  await until(
    app,
    async () => {
      await app
        .getByRole('button', { name: `Delete all files of ${third.media_profile_name}` })
        .click();
      await app.getByRole('button', { name: 'Delete permanently' }).click();
    },
    async () => (await ids()).join() === String(second.id),
  );

  // A new job with the deleted profile: said before sending, then followed every 10 s.
  const select = app.getByLabel('Media profile');
  const option = select.locator('option', { hasText: first.media_profile_name });
  await select.selectOption((await option.getAttribute('value')) ?? '');
  await expect(app.getByText('a new file will be added')).toBeVisible();
  await until(
    app,
    () => app.getByRole('button', { name: 'Start transcoding' }).click(),
    async () => (await ids()).length === 2,
  );
  await expect(
    app.getByText(/Transcoding requested. Files queued: 1; left out \(already transcoding\): 0./),
  ).toBeVisible();
  // Asked again for the same profile, the file now transcoding would be left out: said first.
  await expect(
    app.getByText('1 file of this profile is being transcoded now and will be left out.'),
  ).toBeVisible();
  const percent = app.getByTestId('transcoding-percent');
  await expect(percent).toBeVisible();
  const before = Number((await percent.textContent())?.replace('%', ''));
  await sandbox.clock.advance(40_000);
  await app.clock.fastForward(10_000);
  await expect
    .poll(async () => Number((await percent.textContent())?.replace('%', '')))
    .toBeGreaterThan(before);
  await shot(app, 'transcoding-progress');
  await sandbox.clock.advance(5 * 60_000);
  await app.clock.fastForward(10_000);
  await expect(app.getByText('Every file is transcoded.')).toBeVisible();
  expect(
    (await filesOf(vodPlatform, key)).every((row) => row.transcoding_state === 'completed'),
  ).toBe(true);
});

test('subtitles: typed, uploaded (broken file refused locally), replaced, edited, reordered by drag, deleted', async ({
  app,
  vodPlatform: probe,
}) => {
  test.setTimeout(90_000);
  const vodPlatform = probe;
  const title = 'Data Structures, Lecture 6: Trees';
  const key = await contentKey(vodPlatform, title);
  const names = async () => (await subtitlesOf(vodPlatform, key)).map((row) => row.name);
  await openTab(app, title, 'Subtitles');
  const list = app.getByRole('list', { name: 'Subtitles in player order' });
  await expect(list.getByTestId('subtitle-row')).toHaveCount(3);

  // Filters run on the platform.
  await app.getByRole('searchbox', { name: 'Filter by name' }).fill('Eng');
  await expect(list.getByTestId('subtitle-row')).toHaveCount(1);
  await app.getByRole('button', { name: 'Clear filters' }).click();
  await app.getByRole('combobox', { name: 'Language', exact: true }).first().selectOption('ja');
  await expect(list.getByTestId('subtitle-row')).toHaveCount(1);
  await expect(list).toContainText('日本語');
  await app.getByRole('button', { name: 'Clear filters' }).click();
  await expect(list.getByTestId('subtitle-row')).toHaveCount(3);

  // Typed text.
  const form = app.getByRole('region', { name: 'Add a subtitle' });
  await form.getByLabel('Name', { exact: true }).fill('Commentary (typed)');
  await form.getByRole('combobox', { name: 'Language', exact: true }).selectOption('en');
  await form
    .getByLabel('Subtitle text (SRT or WebVTT)')
    .fill('WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nWelcome to lecture six.\n');
  await until(
    app,
    () => form.getByRole('button', { name: 'Create subtitle' }).click(),
    async () => (await names()).includes('Commentary (typed)'),
  );
  await shot(app, 'subtitles');

  // A broken WebVTT file is refused here, naming its line; nothing is sent.
  await form.getByRole('tab', { name: 'Upload a file' }).click();
  await form.getByLabel('Name', { exact: true }).fill('Broken file');
  await form.getByRole('combobox', { name: 'Language', exact: true }).selectOption('ko');
  await form.getByLabel('Subtitle file (.srt or .vtt)').setInputFiles({
    name: 'broken.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from(
      'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nOK\n\n00:00:04,000 --> 00:00:05.000\nBad\n',
    ),
  });
  await expect(form.getByRole('alert')).toContainText('Line 6');
  await form.getByRole('button', { name: 'Upload subtitle' }).click();
  await expect(form.getByRole('alert')).toContainText('Nothing was sent.');
  await shot(app, 'subtitles-refused');
  expect(await names()).not.toContain('Broken file');

  // Real SRT and WebVTT files.
  await form.getByLabel('Name', { exact: true }).fill('Korean (SRT)');
  await form.getByLabel('Subtitle file (.srt or .vtt)').setInputFiles({
    name: 'korean.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from('1\n00:00:01,000 --> 00:00:03,000\n여섯 번째 강의입니다.\n'),
  });
  await expect(form.getByText('korean.srt: SRT, 1 cue(s), checked.')).toBeVisible();
  await until(
    app,
    () => form.getByRole('button', { name: 'Upload subtitle' }).click(),
    async () => (await names()).includes('Korean (SRT)'),
  );
  await form.getByLabel('Name', { exact: true }).fill('Spanish (VTT)');
  await form.getByRole('combobox', { name: 'Language', exact: true }).selectOption('es');
  await form.getByLabel('Subtitle file (.srt or .vtt)').setInputFiles({
    name: 'spanish.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nBienvenidos.\n'),
  });
  await until(
    app,
    () => form.getByRole('button', { name: 'Upload subtitle' }).click(),
    async () => (await names()).includes('Spanish (VTT)'),
  );
  await expect
    .poll(names)
    .toEqual([
      'English',
      '한국어',
      '日本語',
      'Commentary (typed)',
      'Korean (SRT)',
      'Spanish (VTT)',
    ]);
  const uploaded = (await subtitlesOf(vodPlatform, key)).filter((row) => row.source === 'file');
  expect(uploaded.map((row) => row.language_code)).toEqual(['en', 'ko', 'ja', 'ko', 'es']);

  // Edit: read with its text, rename, then replace its file.
  await list.getByRole('button', { name: 'Edit English' }).click();
  const editor = app.getByRole('dialog', { name: 'Edit subtitle' });
  await expect(editor.getByLabel('Subtitle text (SRT or WebVTT)')).toHaveValue(/WEBVTT/);
  await editor.getByLabel('Name', { exact: true }).fill('English (lecture)');
  await until(
    app,
    () => editor.getByRole('button', { name: 'Save changes' }).click(),
    () => shows(editor.getByRole('status'), 'Subtitle saved.'),
  );
  await editor.getByLabel('Subtitle file (.srt or .vtt)').setInputFiles({
    name: 'english-v2.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from('1\n00:00:02,000 --> 00:00:05,000\nTrees, revised.\n'),
  });
  await until(
    app,
    () => editor.getByRole('button', { name: 'Replace file' }).click(),
    () => shows(editor.getByRole('status'), 'Subtitle file replaced.'),
  );
  await shot(app, 'subtitles-editor');
  await editor.getByRole('button', { name: 'Close' }).click();
  const english = (await subtitlesOf(vodPlatform, key))[0];
  const detail = await vodPlatform.get<{ data: SubtitleRow }>(
    `/media-contents/${key}/subtitles/${english?.id ?? 0}`,
  );
  expect(detail.data).toMatchObject({ name: 'English (lecture)' });
  expect(detail.data.content).toContain('Trees, revised.');

  // Reorder by drag: to the top (move-first), to the bottom (move-last), to the middle (move).
  const row = (name: string) => list.getByTestId('subtitle-row').filter({ hasText: name });
  // The list takes no drag while the previous move is under way or being re-read.
  const drag = async (from: string, to: string) => {
    await expect(list.getByRole('button', { name: `Drag ${from} to reorder` })).toBeEnabled();
    await row(from).dragTo(row(to));
  };
  await until(
    app,
    () => drag('Spanish (VTT)', 'English (lecture)'),
    async () =>
      (await names()).join('|') ===
      [
        'Spanish (VTT)',
        'English (lecture)',
        '한국어',
        '日本語',
        'Commentary (typed)',
        'Korean (SRT)',
      ].join('|'),
  );
  await until(
    app,
    () => drag('English (lecture)', 'Korean (SRT)'),
    async () =>
      (await names()).join('|') ===
      [
        'Spanish (VTT)',
        '한국어',
        '日本語',
        'Commentary (typed)',
        'Korean (SRT)',
        'English (lecture)',
      ].join('|'),
  );
  await until(
    app,
    () => drag('Korean (SRT)', '한국어'),
    async () =>
      (await names()).join('|') ===
      [
        'Spanish (VTT)',
        'Korean (SRT)',
        '한국어',
        '日本語',
        'Commentary (typed)',
        'English (lecture)',
      ].join('|'),
  );
  await expect(list.getByTestId('subtitle-row').nth(1)).toContainText('Korean (SRT)');

  // Delete asks first.
  await until(
    app,
    async () => {
      await list.getByRole('button', { name: 'Delete 日本語' }).click();
      await app.getByRole('button', { name: 'Delete permanently' }).click();
    },
    async () => !(await names()).includes('日本語'),
  );
  await expect(list.getByTestId('subtitle-row')).toHaveCount(5);
});

test('AI jobs with refusals explained, and a media content key looked up, validated and assigned', async ({
  app,
  vodPlatform: probe,
  sandbox,
  clock,
}) => {
  test.setTimeout(90_000);
  const vodPlatform = probe;
  const matchday = await contentKey(vodPlatform, 'Matchday 13 Highlights');
  await openTab(app, 'Matchday 13 Highlights', 'AI');
  const outline = app.getByRole('region', { name: 'AI summary (chapters, keywords)' });
  await outline.getByLabel('Language').selectOption('en');
  await expect(outline).toContainText('No outline in this language was requested yet.');

  // No subtitle yet: the platform refuses the outline, and the tab says why.
  await until(
    app,
    () => outline.getByRole('button', { name: 'Make outline' }).click(),
    () => shows(outline.getByRole('alert'), 'An outline is made from subtitle data'),
  );
  await expect(outline.getByRole('alert')).toContainText('The platform said:');
  await shot(app, 'ai-refused');

  // With an AI subtitle asked for alongside, it runs, and is read once made.
  await outline.getByRole('checkbox', { name: 'Also make an AI subtitle' }).check();
  await until(
    app,
    () => outline.getByRole('button', { name: 'Make outline' }).click(),
    () => shows(outline.getByTestId('ai-outline-state'), 'Processing'),
  );
  await sandbox.clock.advance(10 * 60_000);
  await app.clock.fastForward(10_000);
  await expect(outline.getByTestId('ai-outline-state')).toContainText('Completed');
  await expect(outline.getByRole('region', { name: 'Summary' })).toContainText(
    'Matchday 13 Highlights',
  );
  await expect(outline.getByRole('region', { name: 'Chapters' }).getByRole('listitem')).toHaveCount(
    3,
  );
  await expect(outline.getByRole('region', { name: 'Keywords' })).toContainText('Highlights');
  const read = await vodPlatform.get<{ data: { state: string } }>(
    `/media-contents/${matchday}/ai-outlines`,
    { language_code: 'en' },
  );
  expect(read.data.state).toBe('completed');

  // One AI subtitle per content: the outline made one, so another is refused (409).
  const aiSubtitle = app.getByRole('region', { name: 'AI subtitle' });
  await expect(aiSubtitle.getByTestId('ai-subtitle-state')).toContainText(
    'This content has an AI subtitle',
  );
  await until(
    app,
    () => aiSubtitle.getByRole('button', { name: 'Make AI subtitle' }).click(),
    () => shows(aiSubtitle.getByRole('alert'), 'A content has one AI subtitle'),
  );

  // AI speed of every file.
  const script = app.getByRole('region', { name: 'AI speed' });
  await until(
    app,
    () => script.getByRole('button', { name: 'Convert to AI speed' }).click(),
    () => shows(script.getByTestId('ai-script-state'), 'Processing'),
  );
  expect((await filesOf(vodPlatform, matchday)).map((row) => row.ai_speed_status)).toContain(
    'processing',
  );
  await shot(app, 'ai');

  // The contract without the AI add-on (403), and multi-DRM content (422).
  await openTab(app, 'Product Launch Keynote (archived)', 'AI');
  await until(
    app,
    () => script.getByRole('button', { name: 'Convert to AI speed' }).click(),
    () => shows(script.getByRole('alert'), 'AI features are not enabled'),
  );
  await openTab(app, 'Election Night Special: Recap', 'AI');
  await until(
    app,
    () => aiSubtitle.getByRole('button', { name: 'Make AI subtitle' }).click(),
    () => shows(aiSubtitle.getByRole('alert'), 'multi-DRM'),
  );

  // A content that can have one: requested.
  const backstage = await contentKey(vodPlatform, 'Backstage Tour with the Crew');
  await openTab(app, 'Backstage Tour with the Crew', 'AI');
  await until(
    app,
    () => aiSubtitle.getByRole('button', { name: 'Make AI subtitle' }).click(),
    () => shows(aiSubtitle.getByTestId('ai-subtitle-state'), 'Requested at'),
  );
  await sandbox.clock.advance(10 * 60_000);
  await expect
    .poll(async () => (await subtitlesOf(vodPlatform, backstage)).map((row) => row.source))
    .toContain('ai');

  // Content keys: the content's own, then a spare key of the same channel assigned.
  await app.getByRole('tab', { name: 'Content keys' }).click();
  const own = app.getByRole('list', { name: 'Keys of this content' });
  await expect(own.getByRole('listitem')).toHaveCount(1);
  const seeded = seedState(1, new Date(clock.now())).vod;
  const ownKey = (await own.locator('code').textContent()) ?? '';
  const channel = seeded.contentKeys.find((item) => item.key === ownKey)?.channelKey;
  const spare = seeded.contentKeys.find(
    (item) => item.channelKey === channel && item.uploadFileKey === null,
  );
  if (!spare) throw new Error('the seed has no spare key in that channel');
  const lookup = app.getByRole('region', { name: 'Look up, validate or assign a key' });
  await lookup.getByLabel('Media content key').fill(spare.key);
  await lookup.getByRole('button', { name: 'Look up' }).click();
  await expect(lookup.getByRole('definition').filter({ hasText: 'Unassigned' })).toBeVisible();
  await lookup.getByRole('button', { name: 'Validate' }).click();
  await expect(lookup.getByTestId('key-check')).toHaveText(`${spare.key} can be assigned.`);
  await expect(lookup).toContainText('A key plays one content');
  await lookup.getByRole('button', { name: 'Assign to this content…' }).click();
  await expect(
    app.getByRole('dialog', { name: `Assign ${spare.key} to this content?` }),
  ).toContainText('its earlier key in that channel is replaced');
  await shot(app, 'keys-confirm');
  await until(
    app,
    async () => {
      if (!(await app.getByRole('dialog').isVisible()))
        await lookup.getByRole('button', { name: 'Assign to this content…' }).click();
      await app.getByRole('button', { name: 'Assign', exact: true }).click();
    },
    () => shows(lookup.getByRole('status'), `${spare.key} is assigned to this content.`),
  );
  const assigned = await vodPlatform.get<{ data: KeyRow }>(`/media-content-keys/${spare.key}`);
  expect(assigned.data.upload_file_key).toBe(backstage);
  await expect(own.locator('code')).toHaveText(spare.key);
  await shot(app, 'keys');
});
