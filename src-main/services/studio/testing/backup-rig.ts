/**
 * Test support for the backup's trust boundary (backup.security.test.ts; not part of the app):
 * a hub and a second studio server on loopback TLS, each serving a core whose events the test
 * emits and whose commands it counts, a backup seat paired with the hub, and an operator seat
 * (the one seat implementation, failover-seat.ts). 127.0.0.1 only.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetch, type Agent } from 'undici';
import type { EventMap, EventName } from '../../../shared/bridge';
import { ok } from '../../../shared/result';
import type { StudioHosting } from '../../../shared/studio-model';
import { memorySecrets } from '../../app/test-support';
import { createStudioHub, type StudioHub } from '../hub';
import { pairSeat, pinnedAgent } from '../seat';
import type { StudioCore } from '../studio-core';
import type { SigningKey } from '../studio-trust';

type Listener = <E extends EventName>(event: E, payload: EventMap[E]) => void;

/** A core a studio server serves: the test emits its events and reads the commands it ran. */
export interface EmittingCore {
  core: StudioCore;
  /** Sends `event` to every seat stream open on the server that serves this core. */
  emit(event: string, payload: unknown): void;
  /** The commands run, in order. */
  ran: string[];
}

/** A core that answers every command `ok(null)` and counts it. */
export function emittingCore(): EmittingCore {
  const listeners = new Set<Listener>();
  const ran: string[] = [];
  return {
    ran,
    emit(event, payload) {
      for (const listener of listeners) listener(event as EventName, payload as never);
    },
    core: {
      invoke(command) {
        ran.push(String(command));
        return Promise.resolve(ok(null));
      },
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      dropClient: () => undefined,
    },
  };
}

/** A studio server on 127.0.0.1 (its data folder, its key) serving an {@link EmittingCore}. */
export interface RigServer {
  hub: StudioHub;
  hosting: StudioHosting;
  events: EmittingCore;
  /** Its certificate and private key (as certificate.ts keeps them). */
  key: SigningKey;
}

/** Starts a studio server in a new folder under `root` on the clock `now`. */
export async function rigServer(root: string, name: string, now: () => number): Promise<RigServer> {
  const dataDir = join(root, name);
  const hub = await createStudioHub({ dataDir, now, log: () => undefined });
  const events = emittingCore();
  hub.attach(events.core);
  const hosting = await hub.start('127.0.0.1', 0);
  const dir = join(dataDir, 'studio');
  const key = {
    cert: await readFile(join(dir, 'hub-cert.pem'), 'utf8'),
    key: await readFile(join(dir, 'hub-key.pem'), 'utf8'),
  };
  return { hub, hosting, events, key };
}

/** A folder for a rig, removed by the returned function. */
export async function rigFolder(): Promise<{ root: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'onair-backup-rig-'));
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

/** Pairs a seat of `role` named `seatName` with `server` (a fresh code); answers its credential. */
export async function pairWith(
  server: RigServer,
  role: 'operator' | 'backup',
  seatName: string,
): Promise<string> {
  const paired = await pairSeat({
    url: server.hosting.url,
    fingerprint: server.hosting.fingerprint,
    code: server.hub.newPairingCode(role).code,
    seatName,
    secrets: memorySecrets(),
  });
  return paired.credential;
}

/** Sends `path` to the studio server `at` as the seat of `credential`; answers the response. */
export async function asSeat(
  at: { url: string; fingerprint: string },
  credential: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; text: () => Promise<string>; agent: Agent }> {
  const agent = pinnedAgent(at.fingerprint);
  const response = await fetch(new URL(path, at.url), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Seat ${credential}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    dispatcher: agent,
  });
  return { status: response.status, text: () => response.text(), agent };
}

/** The status of `path` at `at` for the seat of `credential` (the body is dropped). */
export async function statusAs(
  at: { url: string; fingerprint: string },
  credential: string,
  path: string,
  body?: unknown,
): Promise<number> {
  const answer = await asSeat(at, credential, path, body);
  await answer.text().catch(() => '');
  await answer.agent.close();
  return answer.status;
}

/** Waits (real time, bounded) until `done` holds: for what another socket does. */
export async function until(done: () => boolean, withinMs = 8000): Promise<void> {
  for (let waited = 0; !done(); waited += 20) {
    if (waited > withinMs) throw new Error('Not within the time allowed.');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
