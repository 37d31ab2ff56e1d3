/**
 * The panel API's doors and limits (docs/security.md, "Doors" and "Network limits"; issue 32,
 * points 2 and 4), tried as another local process would: the real control API over the desk
 * core and the sandbox on 127.0.0.1, raw HTTP so that every spelling reaches it as written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/manual-clock';
import { startTestCore, type TestCore } from '../services/app/test-support';
import {
  closedWithin,
  rawConnect,
  rawRequest,
  spellings,
} from '../services/core/raw-http-test-support';
import type { ChannelSummary, Fresh, Page, WatchUpdate } from '../shared/model';
import type { AddedPanel, PanelFeedback } from '../shared/panels-model';
import { panelApiDoors, startPanelApi, type PanelApi } from './panel-api';

let test: TestCore;
let api: PanelApi;
let panel: AddedPanel;

beforeAll(async () => {
  test = await startTestCore({ seed: 5 });
  const core = test.core;
  api = await startPanelApi({
    core,
    port: 0,
    clock: new ManualClock(),
    probe: false,
    limits: { headersTimeoutMs: 300, requestTimeoutMs: 300, checkEveryMs: 50 },
  });
  const result = await core.invoke('panels.add', { name: 'Desk left' }, { clientId: 'settings' });
  if (!result.ok) throw new Error(result.error.message);
  panel = result.data as AddedPanel;
});

afterAll(async () => {
  await api.close();
  await test.close();
});

const guarded = Object.keys(panelApiDoors).map((route) => {
  const [method = '', pattern = ''] = route.split(' ');
  return { method, path: pattern.replace(':name', 'recording.start') };
});

describe('a local process without a panel token runs no command and reads no feedback, however it spells the path', () => {
  it.each(guarded)('$method $path: 401 or 404 in every spelling', async ({ method, path }) => {
    const answers: string[] = [];
    for (const spelled of spellings(path)) {
      const answer = await rawRequest(
        { port: api.port },
        method,
        spelled,
        method === 'GET' ? { Accept: 'text/event-stream' } : { 'Content-Type': 'application/json' },
        method === 'GET' ? '' : '{}',
      );
      answers.push(`${spelled} → ${answer.status}`);
    }
    expect(answers.filter((line) => !/→ (401|404)$/.test(line))).toEqual([]);
  });

  it('answers the feedback with the panel’s token (the refusals above are the door’s)', async () => {
    const answer = await rawRequest({ port: api.port }, 'GET', '/api/v1/%66eedback', {
      Authorization: `Bearer ${panel.token}`,
    });
    expect(answer.status).toBe(200);
  });
});

describe('a panel’s name cannot forge a log line or the journal', () => {
  it('refuses a name with a text-direction override or a line separator, in the operator’s words', async () => {
    for (const name of ['Deck \u202egnp.exe', 'Deck\u2028forged line', 'Deck\u0007']) {
      const added = await test.core.invoke('panels.add', { name }, { clientId: 'settings' });
      expect(added.ok).toBe(false);
      if (!added.ok) {
        expect(added.error.text?.key).toBe('validation.panelNamePlain');
      }
    }
  });
});

describe('a malformed path is a bad request (400), not a server error', () => {
  it.each(['/api/v1/commands/%E0%A4%A', '/%zz'])('POST %s → 400', async (path) => {
    const answer = await rawRequest({ port: api.port }, 'POST', path, {
      Authorization: `Bearer ${panel.token}`,
    });
    expect(answer.status).toBe(400);
  });
});

describe('a slow local client holds no connection past its timeout', () => {
  it('cuts a request whose headers never end', async () => {
    const socket = await rawConnect({ port: api.port });
    socket.write(`GET /api/v1/feedback HTTP/1.1\r\nHost: 127.0.0.1:${api.port}\r\n`);
    const cut = await closedWithin(socket, 1_500, {
      everyMs: 50,
      send: () => socket.write('X-Slow: 1\r\n'),
    });
    expect(cut.closed).toBe(true);
  });

  it('cuts a request whose body never ends (408)', async () => {
    const socket = await rawConnect({ port: api.port });
    socket.write(
      `POST /api/v1/commands/recording.start HTTP/1.1\r\nHost: 127.0.0.1:${api.port}\r\n` +
        `Authorization: Bearer ${panel.token}\r\nContent-Type: application/json\r\n` +
        `Content-Length: 100\r\n\r\n{"broadcastId":`,
    );
    const cut = await closedWithin(socket, 1_500);
    expect(cut.closed).toBe(true);
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('a panel reads what the app already read, and of the chat only its head count', () => {
  it('shows the focused broadcast’s viewers and chat count, never a participant’s name or key', async () => {
    const core = test.core;
    const list = await core.invoke('channels.list', {}, { clientId: 'control-room' });
    if (!list.ok) throw new Error(list.error.message);
    const onAir = (list.data as Fresh<Page<ChannelSummary>>).data.items.find(
      (c) => c.onAir && c.latestBroadcast && c.type !== 'scheduled',
    );
    const broadcastKey = onAir?.latestBroadcast?.key;
    if (!broadcastKey) throw new Error('the seed has no on-air broadcast');
    const people: string[] = [];
    const off = core.subscribe((event, payload) => {
      const update = payload as WatchUpdate;
      if (event === 'watch.update' && update.kind === 'participants')
        for (const user of update.data.users) people.push(user.userKey, user.nickname);
    });
    const watch = await core.invoke(
      'watch.subscribe',
      { spec: { kind: 'broadcast', broadcastKey, focused: true } },
      { clientId: 'control-room' },
    );
    expect(watch.ok).toBe(true);
    try {
      const picture = async () => {
        const answer = await rawRequest({ port: api.port }, 'GET', '/api/v1/feedback', {
          Authorization: `Bearer ${panel.token}`,
        });
        return {
          text: answer.body,
          data: (JSON.parse(answer.body) as { data: PanelFeedback }).data,
        };
      };
      await expect
        .poll(async () => (await picture()).data.broadcasts[broadcastKey]?.chatParticipants, {
          timeout: 15_000,
        })
        .toMatchObject({ count: expect.any(Number) as number });
      const { text } = await picture();
      expect(people.length).toBeGreaterThan(0);
      for (const word of people) expect(text).not.toContain(word);
    } finally {
      off();
      if (watch.ok)
        await core.invoke(
          'watch.unsubscribe',
          { watchId: (watch.data as { watchId: string }).watchId },
          { clientId: 'control-room' },
        );
    }
  });
});
