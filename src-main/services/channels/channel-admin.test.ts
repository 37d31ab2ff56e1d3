/**
 * A channel's administration commands against the sandbox platform: what the operator changes
 * is what the platform then holds; refusals carry the platform's own words; bad input is
 * refused before anything is sent; and no answer or log line ever carries a password, secret
 * key, or (unless revealed on demand) a stream key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskCore } from '../app/desk-core';
import { commandCaller, startTestCore, type TestCore } from '../app/test-support';

let core: DeskCore;
let rig: TestCore;
let channelKey: string;
const logged: string[] = [];
const ctx = { clientId: 'channel-admin-test' };

beforeAll(async () => {
  rig = await startTestCore({ seed: 5, log: (line) => void logged.push(line) });
  ({ core } = rig);
  const channels = await data('channels.list', { perPage: 100 });
  channelKey = String(channels.data.items.find((c) => c.title === 'Campus Lecture Hall')?.key);
});

afterAll(async () => {
  await rig.close();
});

const data = commandCaller(() => core, ctx.clientId);

async function refusal(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}

describe('channel administration', () => {
  it('sets callback URLs, reads them back, and refuses a bad URL before sending', async () => {
    const set = await data('channelAdmin.setCallbacks', {
      channelKey,
      live: 'https://hooks.example.com/live',
      recordingDestination: '',
      playback: 'http://10.0.0.5/play',
    });
    expect(set).toEqual({
      live: 'https://hooks.example.com/live',
      recordingDestination: null,
      playback: 'http://10.0.0.5/play',
      known: true,
    });
    expect((await data('channelAdmin.callbacks', { channelKey })).data.live).toBe(
      'https://hooks.example.com/live',
    );
    const bad = await refusal(
      data('channelAdmin.setCallbacks', {
        channelKey,
        live: 'ftp://hooks.example.com',
        recordingDestination: '',
        playback: '',
      }),
    );
    expect(bad).toContain('http:// or https://');
    expect((await data('channelAdmin.callbacks', { channelKey })).data.live).toBe(
      'https://hooks.example.com/live',
    );
  });

  it('adds, filters, renames and deletes creators; the fourth is refused in the platform words', async () => {
    const added = await data('channelAdmin.createCreator', { channelKey, nickname: 'host_two' });
    await data('channelAdmin.createCreator', { channelKey, nickname: 'host_three' });
    expect((await data('channelAdmin.creators', { channelKey })).data.total).toBe(3);
    expect(
      await refusal(data('channelAdmin.createCreator', { channelKey, nickname: 'host_four' })),
    ).toContain('at most 3 creators');
    const filtered = await data('channelAdmin.creators', { channelKey, keyword: 'host_t' });
    expect(filtered.data.items.map((c) => c.nickname).sort()).toEqual(['host_three', 'host_two']);
    await data('channelAdmin.renameCreator', {
      channelKey,
      creatorCode: added.code,
      nickname: 'host_deux',
    });
    await data('channelAdmin.deleteCreator', { channelKey, creatorCode: added.code });
    const after = await data('channelAdmin.creators', { channelKey });
    expect(after.data.items.map((c) => c.nickname)).not.toContain('host_deux');
    expect(after.data.total).toBe(2);
  });

  it('keeps stream keys out of lists and reveals one on demand', async () => {
    const created = await data('channelAdmin.createSyndication', {
      channelKey,
      title: 'YouTube',
      link: 'rtmp://a.rtmp.youtube.com/live2',
      streamKey: 'yt-secret-key-1',
      active: true,
    });
    const list = await data('channelAdmin.syndications', { channelKey });
    expect(JSON.stringify(list)).not.toContain('yt-secret-key-1');
    await data('channelAdmin.updateSyndication', {
      channelKey,
      syndicationId: created.id,
      title: 'YouTube main',
      link: 'rtmps://a.rtmp.youtube.com/live2',
      active: false,
    });
    const revealed = await data('channelAdmin.revealStreamKey', {
      channelKey,
      syndicationId: created.id,
    });
    // Left out on update, the stored key stays.
    expect(revealed.streamKey).toBe('yt-secret-key-1');
    await data('channelAdmin.deleteSyndication', { channelKey, syndicationId: created.id });
    expect((await data('channelAdmin.syndications', { channelKey })).data).toEqual([]);
  });

  it('adds a destination of each kind, edits, toggles and deletes; secrets never come back', async () => {
    const secrets = ['ftp-Pa55word!', 'sftp-Pa55word!', 's3-Secret/Key+1'];
    const ftp = await data('channelAdmin.createDestination', {
      channelKey,
      destination: {
        kind: 'ftp',
        title: 'Archive',
        host: 'ftp.example.com',
        username: 'rec',
        password: secrets[0] ?? '',
      },
    });
    expect(ftp).toMatchObject({ kind: 'ftp', port: 21, passwordSet: true, active: true });
    await data('channelAdmin.createDestination', {
      channelKey,
      destination: {
        kind: 'sftp',
        title: 'Editor',
        host: 'sftp.example.com',
        port: 2222,
        username: 'ed',
        password: secrets[1] ?? '',
      },
    });
    await data('channelAdmin.createDestination', {
      channelKey,
      destination: {
        kind: 's3',
        title: 'Bucket',
        bucket: 'onair-rec',
        region: 'ap-northeast-2',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: secrets[2] ?? '',
      },
    });
    const vod = await data('channelAdmin.createDestination', {
      channelKey,
      destination: {
        kind: 'service',
        title: 'VOD',
        vodServiceAccountKey: 'onair-vod',
        vodChannelKey: 'lectures',
      },
    });
    // Three already receive files (guide): the fourth waits, and cannot be activated.
    expect(vod.active).toBe(false);
    const activate = { channelKey, destinationId: vod.id, active: true };
    expect(await refusal(data('channelAdmin.setDestinationActive', activate))).toContain(
      'At most 3',
    );
    await data('channelAdmin.setDestinationActive', {
      channelKey,
      destinationId: ftp.id,
      active: false,
    });
    expect((await data('channelAdmin.setDestinationActive', activate)).active).toBe(true);
    const edited = await data('channelAdmin.updateDestination', {
      channelKey,
      destinationId: ftp.id,
      changes: {
        kind: 'ftp',
        title: 'Archive 2',
        host: 'ftp2.example.com',
        port: 2121,
        username: 'rec',
        directory: '/live',
        passiveMode: false,
      },
    });
    expect(edited).toMatchObject({ title: 'Archive 2', passwordSet: true, passiveMode: false });
    const read = await data('channelAdmin.destination', { channelKey, destinationId: ftp.id });
    expect(read.host).toBe('ftp2.example.com');
    await data('channelAdmin.deleteDestination', { channelKey, destinationId: ftp.id });
    const list = await data('channelAdmin.destinations', { channelKey });
    expect(list.data.map((d) => d.kind).sort()).toEqual(['s3', 'service', 'sftp']);
    const everything = JSON.stringify([list, edited, read, logged]);
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });

  it('switches the service chat and the external chat, and refuses a plain http chat link', async () => {
    const [service] = (await data('channelAdmin.chattingServices', {})).data.filter(
      (s) => s.available,
    );
    const on = await data('channelAdmin.updateServiceChat', {
      channelKey,
      enabled: true,
      chattingServiceId: service?.id,
      slowMode: true,
      slowModeSeconds: 10,
      maxMessageLength: 300,
      allowGuest: false,
    });
    expect(on).toMatchObject({ mode: 'service', slowMode: true, slowModeSeconds: 10 });
    expect(
      await refusal(
        data('channelAdmin.updateExternalChat', {
          channelKey,
          enabled: true,
          url: 'http://chat.example.com',
        }),
      ),
    ).toContain('https://');
    await data('channelAdmin.updateExternalChat', {
      channelKey,
      enabled: true,
      url: 'https://chat.example.com/room',
      provider: 'Chatroll',
    });
    const chat = await data('channelAdmin.chat', { channelKey });
    expect(chat.data).toMatchObject({
      mode: 'external',
      externalUrl: 'https://chat.example.com/room',
      room: { open: true, chatUrl: 'https://chat.example.com/room' },
    });
  });
});
