/**
 * The super administrator's schedule and upload operations with an administrator's token
 * (issue 21, part 5; spec, Endpoints: program edits, media-contents upload-url,
 * upload-wait-file and DELETE media-contents are super administrator only): once the role has
 * been read, main refuses them before anything is sent, in one sentence; VOD uploads go on.
 * Counted at the sandbox platform: the app's calls per operation (served-operations.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../sandbox/index';
import type { CommandInput, CommandName } from '../shared/bridge';
import type { DeskError } from '../shared/result';
import type { DeskCore } from './desk-core';
import { commandCaller, startTestCore, type TestCore } from './test-support';

let rig: TestCore;
let sandbox: SandboxHandle;
let core: DeskCore;
const clientId = 'role-gate-test';
const data = commandCaller(() => core, clientId);

/** Runs a command expected to be refused; answers its error. */
async function refusal<C extends CommandName>(
  command: C,
  input: CommandInput<C>,
): Promise<DeskError> {
  const result = await core.invoke(command, input, { clientId });
  if (result.ok) throw new Error(`${command} was not refused`);
  return result.error;
}

/** The app's calls of each super administrator's operation so far. */
function superAdminCalls(): Record<string, number> {
  const asked = sandbox.served.asked().live;
  return Object.fromEntries(
    [
      'createProgram',
      'updateProgram',
      'deleteProgram',
      'createProgramMediaUploadUrl',
      'createWaitFileUploadUrl',
      'deleteProgramMediaContent',
    ].map((id) => [id, asked[id] ?? 0]),
  );
}

const none = {
  createProgram: 0,
  updateProgram: 0,
  deleteProgram: 0,
  createProgramMediaUploadUrl: 0,
  createWaitFileUploadUrl: 0,
  deleteProgramMediaContent: 0,
};

beforeAll(async () => {
  rig = await startTestCore({ seed: 5 });
  ({ sandbox, core } = rig);
});

afterAll(async () => {
  await rig.close();
});

describe('with an administrator’s token', () => {
  it('the platform decides while the role is unknown; once read, nothing of the super administrator’s is sent', async () => {
    await data('account.updateToken', { id: 'sandbox', token: sandbox.info.tokens.admin });
    const [channel] = await data('schedule.channels', {});
    if (!channel) throw new Error('the seed has no scheduled channel');
    const [media] = await data('schedule.media', {});
    if (!media) throw new Error('the seed has no program media');
    const create = {
      operation: {
        op: 'create' as const,
        channelKey: channel.key,
        title: 'Not by an administrator',
        startAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        uploadFileKeys: [media.uploadFileKey],
      },
    };

    // Not read yet: sent, and the platform refuses it (403).
    expect(await refusal('schedule.apply', create)).toMatchObject({
      code: 'forbidden',
      status: 403,
    });
    expect(superAdminCalls()).toEqual({ ...none, createProgram: 1 });

    expect(await data('channels.access', {})).toMatchObject({ role: 'admin' });

    const refused = await refusal('schedule.apply', create);
    expect(refused.code).toBe('forbidden');
    expect(refused.status).toBeUndefined();
    expect(refused.message).toMatch(/^Not sent: only a super administrator can create/);
    await refusal('schedule.apply', {
      operation: { op: 'delete', channelKey: channel.key, programId: 1 },
    });
    await refusal('schedule.runBatch', {
      plan: { operations: [create.operation], calls: 1, seconds: 1, summary: 'one program' },
    });
    expect(
      (await refusal('schedule.deleteMedia', { uploadFileKey: media.uploadFileKey })).message,
    ).toMatch(/^Not deleted: only a super administrator/);

    const dir = join(rig.dataDir, 'dropped');
    await mkdir(dir);
    const paths = ['a.mp4', 'b.mp4', 'c.mp4'].map((name) => join(dir, name));
    for (const path of paths) await writeFile(path, mp4Like(2048));
    for (const kind of ['program-media', 'waiting-screen'] as const) {
      const error = await refusal('upload.enqueue', { paths, target: { kind } });
      expect(error).toMatchObject({ code: 'forbidden', text: { key: 'uploadRole.notQueued' } });
    }
    expect((await data('upload.list', {})).items).toEqual([]);
    expect(superAdminCalls()).toEqual({ ...none, createProgram: 1 });

    // VOD content is not the super administrator's: it is queued as ever.
    const vod = await data('upload.enqueue', { paths: [paths[0] ?? ''], target: { kind: 'vod' } });
    expect(vod.added).toBe(1);
    await data('upload.cancel', {});
  });
});

/** Random bytes behind an MP4 `ftyp` box: a video by its content. */
function mp4Like(size: number): Buffer {
  const data = Buffer.alloc(size, 7);
  data.writeUInt32BE(24, 0);
  data.write('ftypisom', 4, 'latin1');
  return data;
}
