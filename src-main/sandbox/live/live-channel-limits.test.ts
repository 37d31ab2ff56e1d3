/**
 * The per-channel limits of the public service guide that the spec leaves out, as the sandbox
 * enforces them: 3 creators, 3 syndications, 5 recording destinations of which 3 receive files
 * at once; and the secrets of a destination never come back in an answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../index';
import { startSandbox } from '../index';
import { dataOf, liveClient, listOf } from '../testing/live-test-caller';

let sandbox: SandboxHandle;
let sa: ReturnType<typeof liveClient>;
let channel: string;

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false, startAt: new Date('2025-06-01T12:00:00Z') });
  sa = liveClient(sandbox.info, sandbox.info.tokens.super_admin);
  // Campus Lecture Hall starts with 1 creator, no syndication and no destination.
  channel = String(
    listOf(await sa.get('/channels?per_page=100')).find((c) => c.title === 'Campus Lecture Hall')
      ?.key,
  );
});
afterAll(() => sandbox.close());

const message = (body: unknown): string => String((body as { message?: unknown }).message);

describe('guide limits per channel', () => {
  it('refuses a fourth creator with a 422 that says the limit', async () => {
    expect((await sa.post(`/channels/${channel}/creators`, { nickname: 'second' })).status).toBe(
      200,
    );
    expect((await sa.post(`/channels/${channel}/creators`, { nickname: 'third' })).status).toBe(
      200,
    );
    const fourth = await sa.post(`/channels/${channel}/creators`, { nickname: 'fourth' });
    expect(fourth.status).toBe(422);
    expect(message(fourth.body)).toContain('at most 3 creators');
    expect(listOf(await sa.get(`/channels/${channel}/creators`))).toHaveLength(3);
  });

  it('refuses a fourth syndication with a 422 that says the limit', async () => {
    for (const title of ['YouTube', 'Twitch', 'Facebook']) {
      const added = await sa.post(`/channels/${channel}/syndications`, {
        title,
        link: 'rtmp://ingest.example.com/live',
        stream_name: `key-${title}`,
      });
      expect(added.status).toBe(200);
    }
    const fourth = await sa.post(`/channels/${channel}/syndications`, {
      title: 'Instagram',
      link: 'rtmps://ingest.example.com/live',
      stream_name: 'key-ig',
    });
    expect(fourth.status).toBe(422);
    expect(message(fourth.body)).toContain('at most 3 syndications');
  });

  it('keeps 5 destinations, 3 receiving at once, and never answers their secrets', async () => {
    const ftp = { title: 'FTP', host: 'ftp.example.com', username: 'u', password: 'pw-FTP-1' };
    const created = [];
    for (let n = 1; n <= 5; n++) {
      const answer = await sa.post(`/channels/${channel}/file-transfers/ftp`, {
        ...ftp,
        title: `FTP ${n}`,
      });
      expect(answer.status).toBe(200);
      created.push(dataOf(answer));
    }
    // The fourth and fifth wait inactive: three already receive files.
    expect(created.map((d) => d.is_active)).toEqual([true, true, true, false, false]);
    const sixth = await sa.post(`/channels/${channel}/file-transfers/ftp`, ftp);
    expect(sixth.status).toBe(422);
    expect(message(sixth.body)).toContain('at most 5');

    const fourthId = String(created[3]?.id);
    const activate = await sa.put(`/channels/${channel}/file-transfers/${fourthId}/status`, {
      is_active: '1',
    });
    expect(activate.status).toBe(422);
    expect(message(activate.body)).toContain('At most 3 destinations');
    const firstId = String(created[0]?.id);
    await sa.put(`/channels/${channel}/file-transfers/${firstId}/status`, { is_active: '0' });
    const retry = await sa.put(`/channels/${channel}/file-transfers/${fourthId}/status`, {
      is_active: '1',
    });
    expect(dataOf(retry).is_active).toBe(true);

    const list = await sa.get(`/channels/${channel}/file-transfers`);
    expect(JSON.stringify(list.body)).not.toContain('pw-FTP-1');
    expect(
      JSON.stringify((await sa.get(`/channels/${channel}/file-transfers/${firstId}`)).body),
    ).not.toContain('pw-FTP-1');
    expect(listOf(list).every((d) => d.password_set === true)).toBe(true);
  });
});
