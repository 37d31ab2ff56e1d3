/**
 * The rehearsal commands against a sandbox: the delivery log shows a callback after the action
 * that causes it (set through the app's own channel command), resend delivers it again,
 * "deliver outside" is kept in settings.json and reaches the sandbox, and a sandbox base URL
 * outside this machine is refused before any request.
 */
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandCaller, startTestCore, type TestCore } from '../app/test-support';
import { rehearsalCommands } from '../../shared/commands/rehearsal';
import { preconditionRefusal } from '../../shared/commands/preconditions';
import { sandboxCallbacks } from './sandbox-callbacks';

let test: TestCore;
let receiver: http.Server;
let hookUrl: string;
const received: Record<string, string>[] = [];
const call = commandCaller(() => test.core, 'rehearsal-test');

beforeAll(async () => {
  test = await startTestCore({ seed: 4 });
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(Object.fromEntries(new URLSearchParams(body)));
      response.writeHead(200).end();
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/live`;
});

afterAll(async () => {
  await test.close();
  receiver.closeAllConnections();
  receiver.close();
});

describe('rehearsal: the callback delivery log', () => {
  it('lists a live state callback after the broadcast pauses, and resends it', async () => {
    const origin = new URL(test.sandbox.info.live_base_url).origin;
    const before = await call('rehearsal.deliveries', {});
    expect(before).toEqual({ deliverOutside: false, deliveries: [] });
    const list = await fetch(
      `${test.sandbox.info.live_base_url}/v1/live/service-accounts/${test.sandbox.info.service_account_key}/broadcasts?is_onair=1`,
      { headers: { Authorization: `Bearer ${test.sandbox.info.tokens.super_admin}` } },
    );
    const onAir = ((await list.json()) as { data: { key: string; channel_key: string }[] }).data[0];
    if (onAir === undefined) throw new Error('no broadcast on air in the seed');
    await call('channelAdmin.setCallbacks', {
      channelKey: onAir.channel_key,
      live: hookUrl,
      recordingDestination: '',
      playback: '',
    });
    await fetch(`${origin}/__sandbox/broadcasts/${onAir.key}/pause`, { method: 'POST' });
    await test.sandbox.callbacks.settle();
    const log = await call('rehearsal.deliveries', {});
    expect(log.deliveries).toHaveLength(1);
    const [delivery] = log.deliveries;
    expect(delivery).toMatchObject({
      kind: 'live.broadcast',
      url: hookUrl,
      status: 'delivered',
      payload: { event: 'pause', channel_key: onAir.channel_key, broadcast_key: onAir.key },
      attempts: [{ attempt: 1, outcome: 'delivered', httpStatus: 200, error: null }],
    });
    expect(delivery?.createdAt).toMatch(/\+00:00$/);
    expect(received).toEqual([delivery?.payload]);

    const resent = await call('rehearsal.resendDelivery', { id: delivery?.id ?? 0 });
    expect(resent.id).toBe(delivery?.id);
    await test.sandbox.callbacks.settle();
    expect(received).toHaveLength(2);
    const after = await call('rehearsal.deliveries', {});
    expect(after.deliveries[0]?.attempts.map((entry) => entry.attempt)).toEqual([1, 2]);

    const gone = await test.core.invoke(
      'rehearsal.resendDelivery',
      { id: 4242 },
      { clientId: 'rehearsal-test' },
    );
    expect(gone).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('keeps "deliver outside this machine" in settings.json and gives it to the sandbox', async () => {
    expect(await call('rehearsal.deliverOutside', {})).toEqual({ on: false });
    expect(await call('rehearsal.deliverOutside', { on: true })).toEqual({ on: true });
    expect(test.sandbox.callbacks.deliverOutside).toBe(true);
    const saved = JSON.parse(await readFile(join(test.dataDir, 'settings.json'), 'utf8')) as {
      sandboxDeliverOutside?: boolean;
    };
    expect(saved.sandboxDeliverOutside).toBe(true);
    await call('rehearsal.deliverOutside', { on: false });
    expect(test.sandbox.callbacks.deliverOutside).toBe(false);
    expect((await call('rehearsal.deliveries', {})).deliverOutside).toBe(false);
  });

  it('is refused in every workspace but the sandbox, before its handler runs', () => {
    for (const [name, decl] of Object.entries(rehearsalCommands)) {
      expect(decl.precondition, name).toBe('sandboxWorkspace');
      for (const kind of ['pair', 'live', 'vod'] as const)
        expect(preconditionRefusal('sandboxWorkspace', { workspaceKind: kind }, name)).toEqual({
          key: 'pipeline.sandboxOnly',
          params: { command: name },
        });
      expect(preconditionRefusal('sandboxWorkspace', { workspaceKind: 'sandbox' }, name)).toBe(
        null,
      );
    }
  });

  it('never asks a "sandbox" that is not on this machine', () => {
    const asked: string[] = [];
    const recording = (input: string | URL | Request) => {
      asked.push(input instanceof Request ? input.url : input.toString());
      return Promise.resolve(new Response('{}'));
    };
    expect(() => sandboxCallbacks('https://live.example.com/api', recording)).toThrow(
      /not on this machine/,
    );
    expect(asked).toEqual([]);
  });
});
