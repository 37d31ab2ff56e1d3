/**
 * Roles where operators work: with an administrator's token, Schedule and
 * Uploads know the role before anything is sent. Program edits, program-media uploads and
 * waiting-screen changes (the super administrator's, spec Endpoints) are shown disabled with
 * the reason; a drag on the timeline does not start; dropped files of a kind the role cannot
 * upload are refused at once in one line. Counted at the sandbox: not one call of the app to
 * any of those operations (served-operations.ts counts the app's calls whatever the answer).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { SandboxInfo } from '../src-main/sandbox/index';
import { test, expect } from './fixtures';
import { needsKeyring } from './keyring';
import { makeImage, makeVideo } from './media';
import { allPrograms, dragBlock, minute, shots } from './schedule-support';

// What this file tests is not the budget: the sandbox and the app pace ten times faster
// (docs/dev/testing.md); the budget itself is tested at the platform's pace.
test.use({ budget: 'fast' });

/** The super administrator's operations of Schedule and Uploads (spec, Endpoints: SA). */
const superAdminOperations = [
  'createProgram',
  'updateProgram',
  'deleteProgram',
  'createProgramMediaUploadUrl',
  'createWaitFileUploadUrl',
  'deleteProgramMediaContent',
];

/** Why a view offers the super administrator's commands disabled (pipeline.offer). */
const superAdminReason =
  /^Needs the super administrator’s role; this workspace’s token is an administrator’s\.$/;

let mediaDir: string;

test.beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'onair-e2e-roles-'));
  await Promise.all([
    makeVideo(join(mediaDir, 'interlude.mp4'), 3),
    makeImage(join(mediaDir, 'be-right-back.png')),
  ]);
});

test.afterAll(async () => {
  await rm(mediaDir, { recursive: true, force: true });
});

/** Adds the sandbox's service account with an administrator's token, and works in it. */
async function useAdministratorToken(app: Page, info: SandboxInfo): Promise<void> {
  await app.getByRole('button', { name: 'Accounts' }).click();
  await app.getByLabel('Name').fill('Seoul admin');
  await app.getByLabel('Live base URL').fill(info.live_base_url);
  await app.getByLabel('Service account key').fill(info.service_account_key);
  await app.getByLabel('Personal access token').fill(info.tokens.admin);
  await app.getByRole('button', { name: 'Check and add' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Administrator' })).toBeVisible();
  await app.getByRole('button', { name: 'Use' }).click();
  await expect(app.getByLabel('Workspace')).toHaveValue(/^acc-/);
}

test('an administrator’s token is refused before sending in Schedule and Uploads', async ({
  app,
  sandbox,
  platform,
  clock,
}) => {
  needsKeyring();
  test.setTimeout(120_000);
  const future = (await allPrograms(platform)).find(
    (program) =>
      program.status === 'scheduled' &&
      Date.parse(program.start_at) > clock.now() + 60 * minute &&
      Date.parse(program.end_at) - Date.parse(program.start_at) >= 10 * minute,
  );
  if (!future) throw new Error('the sandbox seed has no program an hour ahead');
  await useAdministratorToken(app, sandbox.info);

  // Schedule: the role is read with the programs; edits are off, each with the reason.
  await app.getByRole('button', { name: 'Schedule' }).click();
  await expect(app.getByTestId('timeline')).toHaveAttribute('data-ready', 'true');
  await expect(app.getByTestId('role-note')).toContainText(
    'Administrator token: creating, moving and deleting programs',
  );
  const toolbar = app.getByRole('toolbar', { name: 'Timeline' });
  for (const name of ['Copy day…', 'Fill range…']) {
    const button = toolbar.getByRole('button', { name });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('title', superAdminReason);
  }
  const library = app.getByRole('list', { name: 'Program media library' });
  const firstMedia = library.getByRole('listitem').first();
  await expect(firstMedia).toHaveAttribute('draggable', 'false');
  await expect(firstMedia).toHaveAttribute('title', superAdminReason);
  await expect(firstMedia.getByRole('button', { name: /^Delete / })).toBeDisabled();

  // A drag of a future program does not start: no ghost, nothing moves, nothing is sent.
  const startMs = Date.parse(future.start_at);
  const block = await dragBlock(app, future.id, startMs, 30 * minute);
  await expect(block).not.toHaveClass(/dragging/);
  await expect(block).not.toHaveAttribute('style', /translateX/);
  await app.mouse.up();
  const startAt = new Date(startMs).toISOString();
  await expect(block).toHaveAttribute('data-start-at', startAt);
  await expect(block).toHaveAttribute('aria-pressed', 'true');
  // The keyboard neither nudges nor deletes it.
  await block.press('ArrowRight');
  await block.press('Delete');
  await expect(app.getByRole('dialog')).toHaveCount(0);
  await expect(block).toHaveAttribute('data-start-at', startAt);
  const details = app.getByRole('region', { name: 'Selected program' });
  await expect(details.getByTestId('details-role')).toHaveText(superAdminReason);
  await expect(details.getByRole('button', { name: 'Delete program…' })).toBeDisabled();
  await expect(details.getByRole('combobox', { name: 'Waiting screen' })).toBeDisabled();
  await app.screenshot(shots('roles-01-schedule-admin'));

  // Uploads: a dropped video and image; program media and waiting screens are off, and this
  // live-only workspace has no VOD account: refused here in one line, nothing sent.
  await app.getByRole('button', { name: 'Uploads' }).click();
  await app
    .getByTestId('upload-file-input')
    .setInputFiles([join(mediaDir, 'interlude.mp4'), join(mediaDir, 'be-right-back.png')]);
  const dialog = app.getByRole('dialog', { name: /Upload 2 items/ });
  for (const name of [/Program media/, /Waiting screens/]) {
    const choice = dialog.getByRole('radio', { name });
    await expect(choice).toBeDisabled();
  }
  await expect(dialog.getByText(superAdminReason)).toHaveCount(2);
  await expect(dialog.getByTestId('role-refusal')).toHaveText(
    /^Not queued: only a super administrator can upload program media and waiting screens/,
  );
  await expect(dialog.getByRole('button', { name: 'Queue them' })).toBeDisabled();
  await app.screenshot(shots('roles-02-uploads-admin'));
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();

  // In Korean, the same reason.
  await app.getByRole('button', { name: 'Settings' }).click();
  await app.getByLabel('Language').selectOption('ko');
  await app.getByRole('button', { name: '편성표' }).click();
  await expect(app.getByTestId('role-note')).toContainText('최고 관리자만 할 수 있습니다');

  // Counted at the sandbox: the role was read, and not one super administrator's call went.
  const asked = (await sandbox.served.asked()).live;
  expect(asked.getContract ?? 0, 'the role read').toBeGreaterThan(0);
  expect(Object.fromEntries(superAdminOperations.map((id) => [id, asked[id] ?? 0]))).toEqual(
    Object.fromEntries(superAdminOperations.map((id) => [id, 0])),
  );
  expect(await sandbox.uploads.receivedBytes(), 'bytes at the upload host').toBe(0);
});
