/**
 * Issue 32 §1, tried as an outsider would, against a real hub and seats over loopback TLS
 * (docs/security.md, "Ways in"): each way in runs only what the ways-in table
 * (shared/commands/ways-in.ts) lets it, whatever a seat sends. A seat that forwards everything
 * (the raw link, as a tampered seat or anything that reaches one would) cannot administer the
 * hub; a desk that joined from Settings keeps its own settings; an observer sees no secret; a
 * reveal and a seat's panel press are journaled as what they were. 127.0.0.1 only.
 */
import { mkdir, readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fetch, type Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSummary, Broadcast, ChannelSummary, Fresh, Page } from '../../shared/model';
import type { Result } from '../../shared/result';
import type { StudioHosting } from '../../shared/studio-model';
import type { UploadSnapshot } from '../../shared/uploads';
import type { AuditRecord } from '../core/audit-log';
import { memorySecrets, type TestCore } from '../app/test-support';
import { makeVideo } from '../uploads/upload-test-support';
import type { StudioHub } from './hub';
import { pairSeat, pinnedAgent, seatCore, type SeatCore } from './seat';
import { studioWithSettingsSeat, type StudioWithSeat } from './testing/studio-test-support';

let studio: StudioWithSeat;
let hubDesk: TestCore;
let seatDesk: TestCore;
let hub: StudioHub;
let hosting: StudioHosting;
let agent: Agent;
const secrets = memorySecrets();
const links: SeatCore[] = [];
const page = { clientId: 'ways-in-page' };

beforeAll(async () => {
  // A desk that joins from Settings → Studio, as every desktop seat does.
  studio = await studioWithSettingsSeat({ seed: 7, seatName: 'PD', role: 'operator', ...page });
  ({ hubDesk, hub, hosting, seatDesk } = studio);
  agent = pinnedAgent(hosting.fingerprint);
});

afterAll(async () => {
  for (const link of links) await link.dispose();
  await agent.close();
  await studio.close();
});

/** A raw link of a seat paired as `role`: it forwards every command to the hub as it is. */
async function rawSeat(
  name: string,
  role: 'operator' | 'observer',
): Promise<{ link: SeatCore; credential: string }> {
  const paired = await pairSeat({
    url: hosting.url,
    fingerprint: hosting.fingerprint,
    code: hub.newPairingCode(role).code,
    seatName: name,
    secrets,
  });
  const link = seatCore({ hubUrl: hosting.url, fingerprint: hosting.fingerprint, ...paired });
  links.push(link);
  return { link, credential: paired.credential };
}

async function atHub<T>(command: string, input: unknown = {}): Promise<T> {
  const answer = await hubDesk.core.invoke(command, input, page);
  if (!answer.ok) throw new Error(`${command}: ${answer.error.message}`);
  return answer.data as T;
}

async function onSeatDesk<T>(command: string, input: unknown = {}): Promise<T> {
  const answer = await seatDesk.core.invoke(command, input, page);
  if (!answer.ok) throw new Error(`${command}: ${answer.error.message}`);
  return answer.data as T;
}

/** Every journal line the hub wrote. */
async function hubJournal(): Promise<AuditRecord[]> {
  const root = join(hubDesk.dataDir, 'audit');
  const out: AuditRecord[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.jsonl')) continue;
    const text = await readFile(join(entry.parentPath, entry.name), 'utf8');
    for (const line of text.split('\n').filter(Boolean)) out.push(JSON.parse(line) as AuditRecord);
  }
  return out;
}

/** An on-air broadcast with timeshift on, read at the hub (a cue point can be set on it). */
async function cueable(): Promise<Broadcast> {
  const channels = await atHub<Fresh<Page<ChannelSummary>>>('channels.list');
  for (const channel of channels.data.items.filter((c) => c.onAir && c.type !== 'scheduled')) {
    const b = await atHub<Fresh<Broadcast>>('broadcast.get', {
      broadcastKey: channel.latestBroadcast?.key,
    });
    if (b.data.useTimeshift) return b.data;
  }
  throw new Error('the seed has no on-air broadcast with timeshift');
}

function refusedBy(answer: Result<unknown>, key: string): void {
  expect(answer.ok).toBe(false);
  if (!answer.ok) {
    expect(answer.error.code).toBe('forbidden');
    expect(answer.error.text?.key).toBe(key);
  }
}

describe('an operator seat cannot administer the hub (code run at the hub through its updates)', () => {
  it('refuses a seat’s update server, panel token, account and workspace switch, changing nothing', async () => {
    const { link } = await rawSeat('Tampered', 'operator');
    const info = hubDesk.sandbox.info;
    // The hub's own operator added an account: a workspace a seat could switch the hub to.
    const added = await atHub<AccountSummary>('account.add', {
      kind: 'live',
      name: 'Hub live',
      baseUrl: info.live_base_url,
      serviceAccountKey: info.service_account_key,
      token: info.tokens.super_admin,
    });
    const before = {
      updates: await atHub<{ own: unknown }>('settings.updates'),
      panels: await atHub<{ panels: unknown[] }>('panels.list'),
      accounts: (await atHub<AccountSummary[]>('account.list')).map((a) => a.id),
      workspace: (await atHub<{ id: string }>('workspace.get')).id,
    };
    refusedBy(
      await link.invoke('settings.updates', { url: 'https://203.0.113.9/updates' }, page),
      'pipeline.seatWorkstation',
    );
    refusedBy(
      await link.invoke('panels.add', { name: 'Backdoor' }, page),
      'pipeline.seatWorkstation',
    );
    refusedBy(
      await link.invoke(
        'account.add',
        {
          kind: 'live',
          name: 'Seat live',
          baseUrl: info.live_base_url,
          serviceAccountKey: info.service_account_key,
          token: info.tokens.admin,
        },
        page,
      ),
      'pipeline.seatHubOnly',
    );
    refusedBy(
      await link.invoke('workspace.switch', { id: added.id }, page),
      'pipeline.seatHubOnly',
    );
    // The desk that joined from Settings forwards hub commands: the hub refuses them the same.
    refusedBy(
      await seatDesk.core.invoke('workspace.switch', { id: added.id }, page),
      'pipeline.seatHubOnly',
    );

    expect(await atHub('settings.updates')).toEqual(before.updates);
    expect(await atHub('panels.list')).toEqual(before.panels);
    expect((await atHub<AccountSummary[]>('account.list')).map((a) => a.id)).toEqual(
      before.accounts,
    );
    expect((await atHub<{ id: string }>('workspace.get')).id).toBe(before.workspace);
    const refusals = async () => (await hubJournal()).filter((r) => r.seat === 'Tampered');
    await expect
      .poll(async () =>
        (await refusals()).map((r) => [r.command, r.answer.ok, !r.answer.ok && r.answer.sent]),
      )
      .toEqual([
        ['settings.updates', false, false],
        ['panels.add', false, false],
        ['account.add', false, false],
        ['workspace.switch', false, false],
      ]);
    expect(JSON.stringify(await refusals())).not.toContain(info.tokens.admin);
  });
});

describe('an operator seat cannot upload the hub’s own files (a file on the hub’s disk sent to the platform)', () => {
  it('queues only copies the seat sent, refusing any other path without saying whether it exists', async () => {
    const { credential } = await rawSeat('Uploader', 'operator');
    const onHubOnly = join(hubDesk.dataDir, 'private', 'board-meeting.mp4');
    await mkdir(join(hubDesk.dataDir, 'private'), { recursive: true });
    await makeVideo(onHubOnly, 1);
    const spool = join(hubDesk.dataDir, 'hub', 'dropped');
    const paths = [
      onHubOnly,
      join(hubDesk.dataDir, 'private', 'no-such-file.mp4'),
      // Dressed as a copy folder: another seat's, and this one's climbing out of it.
      join(spool, '1-ab-seat-0123abcd', 'x.mp4'),
      `${spool}/1-ab-seat-0123abcd/../../private/board-meeting.mp4`,
    ];
    const before = await atHub<UploadSnapshot>('upload.list');
    const answers: unknown[] = [];
    for (const path of paths) {
      const response = await fetch(new URL('/rpc/upload.enqueue', hosting.url), {
        method: 'POST',
        headers: { authorization: `Seat ${credential}`, 'content-type': 'application/json' },
        body: JSON.stringify({ input: { paths: [path], target: { kind: 'vod' } } }),
        dispatcher: agent,
      });
      const answer = (await response.json()) as Result<unknown>;
      refusedBy(answer, 'studio.errors.notSeatCopy');
      answers.push(!answer.ok && answer.error.message);
    }
    // The same words whether the file is there or not.
    expect(new Set(answers).size).toBe(1);
    expect(await atHub('upload.list')).toEqual(before);
    expect((await stat(onHubOnly)).isFile()).toBe(true);
  });
});

describe('a seat’s own desk stays on the seat (a seat changing the hub’s language, panels, diagnostics)', () => {
  it('keeps the seat’s language, panels and diagnostics on the seat; the hub’s stay as they were', async () => {
    const hubLanguage = await atHub<{ language: unknown }>('settings.language');
    const hubPanels = await atHub<{ panels: { name: string }[] }>('panels.list');

    await onSeatDesk('settings.language', { language: 'ko' });
    expect((await onSeatDesk<{ language: unknown }>('settings.language')).language).toBe('ko');
    expect(await atHub('settings.language')).toEqual(hubLanguage);

    await onSeatDesk('panels.add', { name: 'PD deck' });
    const seatPanels = await onSeatDesk<{ panels: { name: string }[] }>('panels.list');
    expect(seatPanels.panels.map((p) => p.name)).toContain('PD deck');
    expect(await atHub('panels.list')).toEqual(hubPanels);

    // Help → Save diagnostics on a seat writes on the seat's disk.
    const saved = await onSeatDesk<{ path: string }>('diagnostics.save');
    expect(saved.path.startsWith(seatDesk.dataDir)).toBe(true);
    expect((await stat(saved.path)).isFile()).toBe(true);
    expect(
      (await hubJournal()).filter((r) => r.seat === 'PD' && r.command !== 'workspace.switch'),
    ).toEqual([]);
  });
});

describe('a seat cannot stop what another desk started (a hub operator’s view frozen, a waiting command called off)', () => {
  it('leaves the hub’s watch to the page that made it', async () => {
    const { watchId } = await atHub<{ watchId: string }>('watch.subscribe', {
      spec: { kind: 'channels' },
    });
    const { link } = await rawSeat('Watcher 2', 'observer');
    const byObserver = await link.invoke('watch.unsubscribe', { watchId }, page);
    expect(byObserver).toEqual({ ok: true, data: { removed: false } });
    // The operator seat's desk, as it forwards its pages' calls.
    expect(await onSeatDesk('watch.unsubscribe', { watchId })).toEqual({ removed: false });
    expect(await atHub('watch.unsubscribe', { watchId })).toEqual({ removed: true });
  });

  it('lets only the hub cancel its command waiting for the budget', async () => {
    const b = await cueable();
    const waits: { id: string; state: string }[] = [];
    const off = hubDesk.core.subscribe((event, payload) => {
      if (event === 'command.waiting') waits.push(payload as { id: string; state: string });
    });
    hubDesk.sandbox.faults.update({ burst429: 1000, retryAfterS: 1 });
    try {
      const cue = hubDesk.core.invoke('broadcast.setCuePoint', { broadcastKey: b.key }, page);
      await expect.poll(() => waits.length, { timeout: 10_000 }).toBeGreaterThan(0);
      const id = waits[0]?.id ?? '';
      const { link } = await rawSeat('Watcher 3', 'observer');
      expect(await link.invoke('command.cancelWaiting', { id }, page)).toEqual({
        ok: true,
        data: { cancelled: false },
      });
      expect(await onSeatDesk('command.cancelWaiting', { id })).toEqual({ cancelled: false });
      expect(waits.at(-1)?.state).toBe('waiting');
      expect(await atHub('command.cancelWaiting', { id })).toEqual({ cancelled: true });
      const answer = await cue;
      expect(answer.ok).toBe(false);
    } finally {
      hubDesk.sandbox.faults.clear();
      off();
    }
  });
});

describe('an observer sees no secret (a restream key read by a seat that should only watch)', () => {
  it('refuses an observer’s reveal, and journals it', async () => {
    const channels = await atHub<Fresh<Page<ChannelSummary>>>('channels.list');
    const channelKey = String(channels.data.items[0]?.key);
    const made = await atHub<{ id: number }>('channelAdmin.createSyndication', {
      channelKey,
      title: 'Restream',
      link: 'rtmp://127.0.0.1/live2',
      streamKey: 'observer-must-not-see-1',
      active: true,
    });
    const { link, credential } = await rawSeat('Watcher', 'observer');
    const input = { channelKey, syndicationId: made.id };
    const answer = await link.invoke('channelAdmin.revealStreamKey', input, page);
    refusedBy(answer, 'pipeline.observerReveal');
    expect(JSON.stringify(answer)).not.toContain('observer-must-not-see-1');
    // Saying it is an operator changes nothing: the hub knows its role from pairing.
    const claimed = await fetch(new URL('/rpc/channelAdmin.revealStreamKey', hosting.url), {
      method: 'POST',
      headers: { authorization: `Seat ${credential}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input, seatRole: 'operator', role: 'operator' }),
      dispatcher: agent,
    });
    refusedBy((await claimed.json()) as Result<unknown>, 'pipeline.observerReveal');
    const journal = async () =>
      (await hubJournal()).filter(
        (r) => r.command === 'channelAdmin.revealStreamKey' && r.seat === 'Watcher',
      );
    await expect.poll(async () => (await journal()).length).toBe(2);
    expect((await journal())[0]).toMatchObject({
      effect: 'read',
      answer: { ok: false, sent: false },
    });
  });

  it('journals every reveal with who, seat and way in, although it is a read', async () => {
    const channels = await atHub<Fresh<Page<ChannelSummary>>>('channels.list');
    const channelKey = String(channels.data.items[0]?.key);
    const made = await atHub<{ id: number }>('channelAdmin.createSyndication', {
      channelKey,
      title: 'Restream two',
      link: 'rtmp://127.0.0.1/live2',
      streamKey: 'operator-may-see-2',
      active: true,
    });
    const shown = await seatDesk.core.invoke(
      'channelAdmin.revealStreamKey',
      { channelKey, syndicationId: made.id },
      { ...page, via: 'palette' },
    );
    expect(shown.ok && (shown.data as { streamKey: string }).streamKey).toBe('operator-may-see-2');
    const line = async () =>
      (await hubJournal()).find(
        (r) => r.command === 'channelAdmin.revealStreamKey' && r.seat === 'PD',
      );
    await expect
      .poll(line)
      .toMatchObject({ who: 'PD', seat: 'PD', via: 'palette', answer: { ok: true } });
    expect(JSON.stringify(await line())).not.toContain('operator-may-see-2');
  });
});

describe('a panel on a seat stays a panel at the hub (its tick list bypassed, the journal saying “seat”)', () => {
  it('journals a seat’s panel press at the hub as via panel, with the seat and the panel', async () => {
    const b = await cueable();
    const press = {
      clientId: 'panel-pnl-0123456789ab',
      via: 'panel' as const,
      panel: 'PD deck',
      panelCommands: ['broadcast.setCuePoint'],
    };
    const cued = await seatDesk.core.invoke(
      'broadcast.setCuePoint',
      { broadcastKey: b.key },
      press,
    );
    expect(cued.ok).toBe(true);
    // Not ticked for that panel: refused at the hub, nothing sent.
    const rename = await seatDesk.core.invoke(
      'broadcast.rename',
      { broadcastKey: b.key, title: 'Renamed by a panel' },
      press,
    );
    refusedBy(rename, 'pipeline.panelNotTicked');
    const line = (command: string) => async () =>
      (await hubJournal()).find((r) => r.command === command && r.seat === 'PD');
    await expect
      .poll(line('broadcast.setCuePoint'))
      .toMatchObject({ via: 'panel', seat: 'PD', panel: 'PD deck', answer: { ok: true } });
    await expect
      .poll(line('broadcast.rename'))
      .toMatchObject({ via: 'panel', answer: { ok: false, sent: false } });
  });
});

describe('a seat cannot forge the hub’s journal through the panel name it sends', () => {
  it('makes a seat’s panel name plain before it reaches the journal', async () => {
    const b = await cueable();
    const { link } = await rawSeat('Forger', 'operator');
    // A rename (another seat's cue point on the same broadcast would ask to override first).
    const renamed = await link.invoke(
      'broadcast.rename',
      { broadcastKey: b.key, title: b.title },
      {
        clientId: 'panel-pnl-forger',
        via: 'panel',
        panel: 'Deck \u202egnp.exe \u2028forged line',
        panelCommands: ['broadcast.rename'],
      },
    );
    expect(renamed).toMatchObject({ ok: true });
    const line = async () =>
      (await hubJournal()).find((r) => r.command === 'broadcast.rename' && r.seat === 'Forger');
    await expect
      .poll(line)
      .toMatchObject({ via: 'panel', panel: 'Deck \ufffdgnp.exe \ufffdforged line' });
  });
});

describe('a seat’s page that opens Settings writes nothing at the hub', () => {
  it('journals no refusal of a read-or-set command asked with nothing to set', async () => {
    const { link } = await rawSeat('Settings reader', 'observer');
    // The sandbox's callback delivery is the hub's setting: refused to a seat, even to read.
    const read = await link.invoke('rehearsal.deliverOutside', {}, page);
    refusedBy(read, 'pipeline.seatHubOnly');
    const set = await link.invoke('rehearsal.deliverOutside', { on: true }, page);
    refusedBy(set, 'pipeline.seatHubOnly');
    const lines = async () =>
      (await hubJournal()).filter((r) => r.seat === 'Settings reader').map((r) => r.command);
    // Only the attempt to set it is an act: one line, not two.
    await expect.poll(lines).toEqual(['rehearsal.deliverOutside']);
  });
});
