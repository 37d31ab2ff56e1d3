/**
 * Test and bench support for the studio (not part of the app): a hub hosting a desk core over
 * loopback TLS, and seats paired with it, set up as the app does (hub.ts, seat.ts). Shared by
 * the studio's tests and `bench/studio.ts`. 127.0.0.1 only.
 */
import { join } from 'node:path';
import type { SecretStore } from '../../../secrets/keychain';
import type { SeatRole } from '../../../shared/studio-model';
import type { StudioHosting } from '../../../shared/studio-model';
import { createStudioHub, type StudioHub } from '../hub';
import { pairSeat, seatCore, type SeatCore } from '../seat';
import type { StudioCore } from '../studio-core';
import { startTestCore, type TestCore } from '../../app/test-support';

/**
 * A hub for `core`, its files under `<deskDataDir>/hub`, on `now` (ms since the epoch; a
 * test's injected clock or `Date.now`), hosting on 127.0.0.1 at a free port. The caller
 * stops it (`hub.stop()`).
 */
export async function hostTestHub(options: {
  core: StudioCore;
  deskDataDir: string;
  now: () => number;
}): Promise<{ hub: StudioHub; hosting: StudioHosting }> {
  const hub = await createStudioHub({
    dataDir: join(options.deskDataDir, 'hub'),
    now: options.now,
    log: () => undefined,
  });
  hub.attach(options.core);
  const hosting = await hub.start('127.0.0.1', 0);
  return { hub, hosting };
}

/**
 * Pairs a seat named `seatName` with the pairing code `code` at the hub `hosting` (its
 * credential kept in `secrets`) and opens the seat's core; the caller disposes it.
 * @throws what `pairSeat` throws (a refused code, a fingerprint that does not match).
 */
export async function openTestSeat(options: {
  hosting: StudioHosting;
  code: string;
  seatName: string;
  secrets: SecretStore;
}): Promise<SeatCore> {
  const { hosting } = options;
  const paired = await pairSeat({
    url: hosting.url,
    fingerprint: hosting.fingerprint,
    code: options.code,
    seatName: options.seatName,
    secrets: options.secrets,
  });
  return seatCore({
    hubUrl: hosting.url,
    fingerprint: hosting.fingerprint,
    credential: paired.credential,
    seatName: paired.seatName,
    role: paired.role,
  });
}

/**
 * Joins the desk `seat` to the hub at `hosting` from Settings → Studio, as an operator does
 * (`studio.join` with a new pairing code of `role` from `hub`), named `seatName`.
 * @throws Error with the desk's words when the join is refused.
 */
export async function joinFromSettings(options: {
  seat: Pick<StudioCore, 'invoke'>;
  hub: StudioHub;
  hosting: StudioHosting;
  seatName: string;
  role: SeatRole;
  clientId: string;
}): Promise<void> {
  const { hosting } = options;
  const joined = await options.seat.invoke(
    'studio.join',
    {
      url: hosting.url,
      fingerprint: hosting.fingerprint,
      code: options.hub.newPairingCode(options.role).code,
      seatName: options.seatName,
    },
    { clientId: options.clientId },
  );
  if (!joined.ok) throw new Error(joined.error.message);
}

/** A hub's desk, its studio, and a second desk joined to it from Settings → Studio. */
export interface StudioWithSeat {
  hubDesk: TestCore;
  hub: StudioHub;
  hosting: StudioHosting;
  seatDesk: TestCore;
  /** Closes the seat's desk, stops the hub and closes its desk. */
  close: () => Promise<void>;
}

/**
 * Starts two desks on sandboxes of `seed`, hosts a studio on the first and joins the second to
 * it from Settings (named `seatName`, paired as `role`, asking as `clientId`).
 * @throws Error with the desk's words when the join is refused.
 */
export async function studioWithSettingsSeat(options: {
  seed: number;
  seatName: string;
  role: SeatRole;
  clientId: string;
}): Promise<StudioWithSeat> {
  const hubDesk = await startTestCore({ seed: options.seed });
  const { hub, hosting } = await hostTestHub({
    core: hubDesk.core,
    deskDataDir: hubDesk.dataDir,
    now: Date.now,
  });
  const seatDesk = await startTestCore({ seed: options.seed });
  await joinFromSettings({ seat: seatDesk.core, hub, hosting, ...options });
  return {
    hubDesk,
    hub,
    hosting,
    seatDesk,
    close: async () => {
      await seatDesk.close();
      await hub.stop();
      await hubDesk.close();
    },
  };
}
