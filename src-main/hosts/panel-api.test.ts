/**
 * The control API for hardware panels against the sandbox platform, through the real desk core:
 * tokens (missing, wrong, revoked: 401), a web page's `Origin` (403), a command not offered to
 * panels (refused by the pipeline), the second press within 2 s that confirms a destructive
 * command (on an injected clock), the audit record that names the panel, and the feedback stream
 * kept alive every 1 s and marking buttons stale when the platform stops answering. Loopback
 * only.
 */
import { readFile, readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../platform/manual-clock';
import { startTestCore, type TestCore } from '../services/app/test-support';
import type { DeskCoreWithPanels } from '../services/app/desk-core';
import type { AuditRecord } from '../services/core/audit-log';
import type { Broadcast, ChannelSummary, Fresh, Page } from '../shared/model';
import type { AddedPanel, PanelFeedback } from '../shared/panels-model';
import { confirmWindowMs, startPanelApi, supervisePanelApi, type PanelApi } from './panel-api';
import { openFeedbackStream } from './panel-feedback-reader';
import { feedbackTickMs, keepAliveEveryTicks } from './panel-feedback-route';

let test: TestCore;
let core: DeskCoreWithPanels;
let clock: ManualClock;
let api: PanelApi;
let panel: AddedPanel;

beforeAll(async () => {
  test = await startTestCore({ seed: 5 });
  core = test.core;
  clock = new ManualClock();
  api = await startPanelApi({ core, port: 0, clock });
  panel = await added('Desk left');
});

afterAll(async () => {
  await api.close();
  await test.close();
});

/** Adds a panel through the pipeline and ticks its recording and cue point (as Settings does). */
async function added(name: string): Promise<AddedPanel> {
  const result = await core.invoke('panels.add', { name }, { clientId: 'settings-test' });
  if (!result.ok) throw new Error(result.error.message);
  const { panel: summary, token } = result.data as AddedPanel;
  const commands = ['broadcast.startRecording', 'broadcast.stopRecording', 'broadcast.setCuePoint'];
  const ticked = await core.invoke(
    'panels.setCommands',
    { id: summary.id, commands },
    { clientId: 'settings-test' },
  );
  if (!ticked.ok) throw new Error(ticked.error.message);
  return { panel: { ...summary, commands }, token };
}

/** One request to the control API, as a panel sends it. */
async function send(
  path: string,
  options: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{
  status: number;
  body: { ok: boolean; data?: unknown; error?: { code: string; message: string } };
}> {
  const token = options.token === undefined ? panel.token : options.token;
  const response = await fetch(`${api.address}${path}`, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, body: (await response.json()) as never };
}

/** An on-air broadcast of the seed that is not recording. */
async function onAirBroadcast(): Promise<Broadcast> {
  const list = await core.invoke('channels.list', {}, { clientId: 'test' });
  if (!list.ok) throw new Error(list.error.message);
  for (const channel of (list.data as Fresh<Page<ChannelSummary>>).data.items) {
    const key = channel.latestBroadcast?.key;
    if (!channel.onAir || !key || channel.type === 'scheduled') continue;
    const read = await core.invoke('broadcast.get', { broadcastKey: key }, { clientId: 'test' });
    if (read.ok && !(read.data as Fresh<Broadcast>).data.recording)
      return (read.data as Fresh<Broadcast>).data;
  }
  throw new Error('the seed has no on-air broadcast that is not recording');
}

/** The audit records of the sandbox workspace so far. */
async function auditRecords(): Promise<AuditRecord[]> {
  const dir = join(test.dataDir, 'audit', 'sandbox');
  const files = await readdir(dir).catch(() => []);
  const lines: AuditRecord[] = [];
  for (const file of files)
    for (const line of (await readFile(join(dir, file), 'utf8')).split('\n'))
      if (line.trim()) lines.push(JSON.parse(line) as AuditRecord);
  return lines;
}

describe('the control API for panels', () => {
  it('listens on 127.0.0.1 only and refuses any other address', async () => {
    expect(api.address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await expect(startPanelApi({ core, port: 0, host: '0.0.0.0' })).rejects.toThrow(/127\.0\.0\.1/);
  });

  it('refuses a request without a token, with a wrong one, and with a revoked one (401)', async () => {
    expect((await send('/api/v1/feedback', { token: null })).status).toBe(401);
    expect((await send('/api/v1/feedback', { token: `odp_${'x'.repeat(43)}` })).status).toBe(401);
    const other = await added('Spare');
    expect((await send('/api/v1/feedback', { token: other.token })).status).toBe(200);
    const revoked = await core.invoke('panels.revoke', { id: other.panel.id }, { clientId: 't' });
    expect(revoked.ok).toBe(true);
    const refused = await send('/api/v1/feedback', { token: other.token });
    expect(refused.status).toBe(401);
    expect(refused.body.error?.code).toBe('unauthorized');
  });

  it('ends the feedback stream a revoked panel has open, and keeps the others', async () => {
    const spare = await added('Spare, revoked while listening');
    const revokedStream = await openFeedbackStream(api.address, spare.token);
    const keptStream = await openFeedbackStream(api.address, panel.token);
    try {
      expect(revokedStream.status).toBe(200);
      await expect.poll(() => revokedStream.pictures.length).toBeGreaterThan(0);
      await expect.poll(() => keptStream.pictures.length).toBeGreaterThan(0);
      const revoked = await core.invoke('panels.revoke', { id: spare.panel.id }, { clientId: 't' });
      expect(revoked.ok).toBe(true);
      // No tally keeps lighting the revoked panel's buttons: its stream ends at once.
      await expect.poll(() => revokedStream.ended(), { timeout: 1_000 }).toBe(true);
      expect(keptStream.ended()).toBe(false);
      expect((await send('/api/v1/feedback', { token: spare.token })).status).toBe(401);
    } finally {
      revokedStream.close();
      keptStream.close();
    }
  });

  it('refuses any request with an Origin header, even with a good token (403)', async () => {
    const refused = await send('/api/v1/commands/broadcast.setCuePoint', {
      body: { broadcastKey: 'abc' },
      headers: { Origin: `http://127.0.0.1:${api.port}` },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('forbidden');
  });

  it('refuses a request for another host name (DNS rebinding) (403)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: api.port,
          path: '/api/v1/feedback',
          headers: { Host: `desk.example:${api.port}`, Authorization: `Bearer ${panel.token}` },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(403);
  });

  it('keeps only hashes: the token is nowhere in the data folder', async () => {
    const file = await readFile(join(test.dataDir, 'panels.json'), 'utf8');
    expect(file).toContain(panel.panel.id);
    expect(file).not.toContain(panel.token);
    expect(file).not.toContain(panel.token.slice(4));
  });

  it('refuses a command its declaration does not offer to panels, and audits it as the panel', async () => {
    const refused = await send('/api/v1/commands/panels.add', { body: { name: 'Sneaky' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('forbidden');
    expect(core.panels.list().map((p) => p.name)).not.toContain('Sneaky');
    await expect
      .poll(async () =>
        (await auditRecords()).find((r) => r.command === 'panels.add' && r.via === 'panel'),
      )
      .toMatchObject({ panel: 'Desk left', answer: { ok: false, sent: false } });
  });

  it('starts a recording at one press, stops it at the second press within 2 s, audited as the panel', async () => {
    const broadcast = await onAirBroadcast();
    const input = { broadcastKey: broadcast.key };
    const started = await send('/api/v1/commands/broadcast.startRecording', { body: input });
    expect(started.status).toBe(200);
    expect((started.body.data as Fresh<Broadcast>).data.recording).toBe(true);

    // The first press of a destructive command does nothing.
    const first = await send('/api/v1/commands/broadcast.stopRecording', { body: input });
    expect(first.status).toBe(409);
    expect(first.body.error?.code).toBe('confirmation-required');
    expect(first.body.error?.message).toMatch(/press the same button again within 2 s/);
    // Past the window, a press is a first press again.
    await clock.advance(confirmWindowMs + 500);
    expect((await send('/api/v1/commands/broadcast.stopRecording', { body: input })).status).toBe(
      409,
    );
    // Another panel's press does not confirm this panel's.
    const other = await added('Desk right');
    expect(
      (await send('/api/v1/commands/broadcast.stopRecording', { body: input, token: other.token }))
        .status,
    ).toBe(409);
    const read = await core.invoke('broadcast.get', input, { clientId: 'test' });
    expect(read.ok && (read.data as Fresh<Broadcast>).data.recording).toBe(true);

    await clock.advance(confirmWindowMs - 500);
    const stopped = await send('/api/v1/commands/broadcast.stopRecording', { body: input });
    expect(stopped.status).toBe(200);
    expect((stopped.body.data as Fresh<Broadcast>).data.recording).toBe(false);

    await expect
      .poll(async () =>
        (await auditRecords())
          .filter((r) => r.via === 'panel' && r.target.broadcastKey === broadcast.key)
          .map((r) => `${r.command} ${r.panel} ${r.answer.ok}`),
      )
      .toEqual([
        'broadcast.startRecording Desk left true',
        'broadcast.stopRecording Desk left true',
      ]);
    const text = JSON.stringify(await auditRecords());
    expect(text).not.toContain(panel.token);
    expect(text).not.toContain(other.token);
  });

  it('answers the feedback as JSON to a poll, from the reads the app already made', async () => {
    const answer = await send('/api/v1/feedback');
    expect(answer.status).toBe(200);
    const picture = answer.body.data as PanelFeedback;
    expect(picture.workspace).toBe('sandbox');
    expect(picture.budget).not.toBeNull();
  });
});

describe('the feedback stream', () => {
  it('writes a keep-alive every 1 s of the desk’s clock while nothing changes', async () => {
    // Read raw: the keep-alive is a comment line, which the feedback reader skips.
    const abort = new AbortController();
    const response = await fetch(`${api.address}/api/v1/feedback`, {
      headers: { Authorization: `Bearer ${panel.token}`, Accept: 'text/event-stream' },
      signal: abort.signal,
    });
    let text = '';
    const reading = (async () => {
      const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const read = await reader?.read();
        if (!read || read.done) return;
        text += read.value;
      }
    })().catch(() => undefined);
    try {
      await expect.poll(() => text).toContain('event: feedback');
      const keepAlives = () => text.split(': keep-alive').length - 1;
      expect(keepAlives()).toBe(0);
      await clock.advance(feedbackTickMs * keepAliveEveryTicks);
      await expect.poll(() => keepAlives(), { timeout: 1_000 }).toBe(1);
      await clock.advance(1_000);
      await expect.poll(() => keepAlives(), { timeout: 1_000 }).toBe(2);
    } finally {
      abort.abort();
      await reading;
    }
  });

  it('marks every button stale within 2 s once the platform stops answering', async () => {
    // The feedback's own clock is the core's (the watches stamp their reads with it).
    const live = await startPanelApi({ core, port: 0 });
    let closeStream = (): void => undefined;
    try {
      const broadcast = await onAirBroadcast();
      const watch = await core.invoke(
        'watch.subscribe',
        { spec: { kind: 'broadcast', broadcastKey: broadcast.key, focused: true } },
        { clientId: 'viewer' },
      );
      expect(watch.ok).toBe(true);
      const channels = await core.invoke(
        'watch.subscribe',
        { spec: { kind: 'channels' } },
        { clientId: 'viewer' },
      );
      expect(channels.ok).toBe(true);

      const failures: number[] = [];
      const off = core.subscribe((event, payload) => {
        const update = payload as { kind?: string; at?: number };
        if (event === 'watch.update' && update.kind === 'error' && update.at !== undefined)
          failures.push(update.at);
      });
      const stream = await openFeedbackStream(live.address, panel.token);
      closeStream = () => stream.close();
      expect(stream.contentType).toMatch(/text\/event-stream/);
      const pictures = stream.pictures;

      await expect
        .poll(() => pictures.at(-1)?.broadcasts[broadcast.key], { timeout: 15_000 })
        .toMatchObject({ stale: false });
      await expect
        .poll(() => pictures.at(-1)?.channels.find((c) => c.broadcastKey === broadcast.key), {
          timeout: 15_000,
        })
        .toMatchObject({ tally: 'onAir', stale: false });
      expect(pictures.at(-1)?.platform).toBe('reachable');
      expect(pictures.at(-1)?.lamps[broadcast.channelKey]).toBe('onAir');

      // The platform stops answering: every connection is dropped.
      test.sandbox.faults.update({ dropRate: 1 });
      await expect.poll(() => failures.length, { timeout: 20_000 }).toBeGreaterThan(0);
      await expect.poll(() => pictures.at(-1)?.stale, { timeout: 3_000 }).toBe(true);
      const stale = pictures.find((p) => p.stale);
      const firstFailure = failures[0];
      if (!stale || firstFailure === undefined) throw new Error('no stale picture');
      expect(stale.at - firstFailure).toBeLessThanOrEqual(2_000);
      expect(stale.platform).toBe('lost');
      expect(stale.channels.length).toBeGreaterThan(0);
      expect(stale.channels.every((c) => c.stale)).toBe(true);
      expect(new Set(Object.values(stale.lamps))).toEqual(new Set(['stale']));
      expect(Object.values(stale.broadcasts).every((b) => b.stale)).toBe(true);
      off();
    } finally {
      test.sandbox.faults.clear();
      closeStream();
      await live.close();
    }
  });
});

describe('the supervisor', () => {
  it('starts the API when Settings turns it on and stops it when turned off', async () => {
    const supervisor = supervisePanelApi({ core, portOverride: 0 });
    await supervisor.settled();
    expect(supervisor.current()).toBeNull();
    expect(core.panels.state().listening).toBeNull();
    expect((await core.invoke('panels.setEnabled', { enabled: true }, { clientId: 't' })).ok).toBe(
      true,
    );
    await supervisor.settled();
    const running = supervisor.current();
    if (!running) throw new Error('the supervisor did not start the API');
    expect(core.panels.state().listening).toBe(running.address);
    expect(
      (
        await fetch(`${running.address}/api/v1/feedback`, {
          headers: { Authorization: `Bearer ${panel.token}` },
        })
      ).status,
    ).toBe(200);
    await core.invoke('panels.setEnabled', { enabled: false }, { clientId: 't' });
    await supervisor.settled();
    expect(supervisor.current()).toBeNull();
    await expect(fetch(`${running.address}/api/v1/feedback`)).rejects.toThrow();
    await supervisor.close();
  });

  it('lights a panel turned on after the channel list was read, without waiting for its next read', async () => {
    const supervisor = supervisePanelApi({ core, portOverride: 0 });
    let read = false;
    const off = core.subscribe((event, payload) => {
      if (event === 'watch.update' && (payload as { kind?: string }).kind === 'channels')
        read = true;
    });
    const watch = await core.invoke(
      'watch.subscribe',
      { spec: { kind: 'channels' } },
      { clientId: 'control-room' },
    );
    try {
      await expect.poll(() => read, { timeout: 15_000 }).toBe(true);
      // The operator turns the API on only now; the channel list's next read is 20 s away.
      await core.invoke('panels.setEnabled', { enabled: true }, { clientId: 't' });
      await supervisor.settled();
      const running = supervisor.current();
      if (!running) throw new Error('the supervisor did not start the API');
      const answer = await fetch(`${running.address}/api/v1/feedback`, {
        headers: { Authorization: `Bearer ${panel.token}` },
      });
      const picture = ((await answer.json()) as { data: PanelFeedback }).data;
      expect(picture.channels.length).toBeGreaterThan(0);
      expect(picture.channels.some((c) => c.tally === 'onAir' && !c.stale)).toBe(true);
    } finally {
      off();
      if (watch.ok)
        await core.invoke(
          'watch.unsubscribe',
          { watchId: (watch.data as { watchId: string }).watchId },
          { clientId: 'control-room' },
        );
      await core.invoke('panels.setEnabled', { enabled: false }, { clientId: 't' });
      await supervisor.close();
    }
  });
});
