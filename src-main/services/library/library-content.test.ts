/**
 * The content detail's commands against the sandbox platform: what the operator reads is
 * the platform's, a change reaches it (or is refused with the platform's message), and a
 * broken subtitle is refused in the operator's words before anything is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../../sandbox/index';
import type { CommandInput, CommandName } from '../../shared/bridge';
import type { DeskCore } from '../app/desk-core';
import { commandCaller, startTestCore, type TestCore } from '../app/test-support';

let sandbox: SandboxHandle;
let core: DeskCore;
let rig: TestCore;
const clientId = 'library-content-test';

beforeAll(async () => {
  rig = await startTestCore({ seed: 5 });
  ({ sandbox, core } = rig);
});

afterAll(async () => {
  await rig.close();
});

const data = commandCaller(() => core, clientId);

/** A command's refusal as the renderer gets it (fails the test when it succeeds). */
async function refusal<C extends CommandName>(command: C, input: CommandInput<C>) {
  const result = await core.invoke(command, input, { clientId });
  if (result.ok) throw new Error(`${command} was not refused`);
  return result.error;
}

async function contentKey(title: string): Promise<string> {
  const page = await data('content.list', { perPage: 100 });
  const found = page.data.items.find((item) => item.title === title);
  if (!found) throw new Error(`no content titled ${title}`);
  return found.uploadFileKey;
}

describe('subtitles', () => {
  it('refuses a broken file naming its first bad line, and sends nothing', async () => {
    const uploadFileKey = await contentKey('Council Meeting: Zoning');
    const error = await refusal('subtitle.upload', {
      uploadFileKey,
      name: 'Broken',
      languageCode: 'en',
      fileName: 'broken.srt',
      text: '1\n00:00:01,000 --> 00:00:02,000\nOK\n\n2\n00:00:05,000 --> 00:00:03,000\nBack\n',
      kind: 'main',
      visibility: 'public',
    });
    expect(error.code).toBe('invalid-input');
    expect(error.message).toBe('Line 6: the cue ends before it starts.');
    // The platform never saw an upload (this file's first upload comes in the next test).
    expect(sandbox.served.report().vod).not.toContain('uploadSubtitle');
  });

  it('uploads a file, and maps drags to move-first, move-last and move', async () => {
    const uploadFileKey = await contentKey('Data Structures, Lecture 6: Trees');
    const added = await data('subtitle.upload', {
      uploadFileKey,
      name: 'Deutsch',
      languageCode: 'de',
      fileName: 'de.vtt',
      text: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHallo\n',
      kind: 'sub',
      visibility: 'private',
    });
    expect(added).toMatchObject({
      source: 'file',
      kind: 'sub',
      visibility: 'private',
      position: 4,
    });
    const names = async () =>
      (await data('subtitle.list', { uploadFileKey })).data.map((item) => item.name);
    const id = async (name: string) =>
      (await data('subtitle.list', { uploadFileKey })).data.find((item) => item.name === name)
        ?.id ?? 0;

    await data('subtitle.move', { uploadFileKey, subtitleId: added.id, place: { to: 'first' } });
    expect(await names()).toEqual(['Deutsch', 'English', '한국어', '日本語']);
    await data('subtitle.move', {
      uploadFileKey,
      subtitleId: await id('English'),
      place: { to: 'last' },
    });
    expect(await names()).toEqual(['Deutsch', '한국어', '日本語', 'English']);
    await data('subtitle.move', {
      uploadFileKey,
      subtitleId: await id('English'),
      place: { to: 'at', targetId: await id('한국어') },
    });
    expect(await names()).toEqual(['Deutsch', 'English', '한국어', '日本語']);
  });
});

describe('AI and keys', () => {
  it('reads no outline as null; a refused outline keeps the platform status and message', async () => {
    const uploadFileKey = await contentKey('Matchday 13 Highlights');
    expect((await data('ai.outline', { uploadFileKey, languageCode: 'ko' })).data).toBeNull();
    const refused = await refusal('ai.createOutline', {
      uploadFileKey,
      languageCode: 'ko',
      withSubtitle: null,
    });
    expect(refused.status).toBe(422);
    expect(refused.message).toMatch(/subtitle/);
    await data('ai.createOutline', {
      uploadFileKey,
      languageCode: 'ko',
      withSubtitle: { kind: 'main', visibility: 'public' },
    });
    const outline = await data('ai.outline', { uploadFileKey, languageCode: 'ko' });
    expect(outline.data?.state).toBe('processing');
  });

  it('refuses a key already linked to another content with the platform message', async () => {
    const uploadFileKey = await contentKey('Backstage Tour with the Crew');
    const other = await data('contentKey.context', {
      uploadFileKey: await contentKey('Matchday 13 Highlights'),
    });
    const taken = other.data.keys[0]?.key ?? '';
    expect(await data('contentKey.validate', { key: taken })).toMatchObject({
      valid: false,
      reason: 'assigned',
    });
    const error = await refusal('contentKey.assign', { uploadFileKey, key: taken });
    expect(error.status).toBe(422);
    expect(error.message).toMatch(/already linked to another content/);
  });
});

describe('transcoding', () => {
  it('a job for a profile the content lacks queues a new file, followed by the progress reading', async () => {
    const uploadFileKey = await contentKey('Morning Talk: Best of March');
    const profiles = await data('transcoding.profiles', {});
    const files = (await data('transcoding.files', { uploadFileKey })).data;
    const missing = profiles.find(
      (profile) => !files.some((file) => file.profileKey === profile.key),
    );
    if (!missing) throw new Error('the seed gives every profile');
    const job = await data('transcoding.start', { uploadFileKey, mediaProfileKey: missing.key });
    expect(job.excludedFileIds).toEqual([]);
    expect(job.queuedFileIds).toHaveLength(1);
    const reading = (await data('transcoding.progress', { uploadFileKey })).data;
    expect(reading.files.find((file) => file.id === job.queuedFileIds[0])?.state).toBe(
      'transcoding',
    );
  });
});
