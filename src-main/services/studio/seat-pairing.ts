/**
 * Pairing a seat with a studio hub (seat.ts): the first join with a pairing code, and every
 * join after it with the credential the OS keychain kept. Both go over the link pinned to the
 * hub certificate's fingerprint (link.ts), so nothing is sent to another server.
 */
import { fetch, type Agent } from 'undici';
import { z } from 'zod';
import type { SecretStore } from '../../secrets/keychain';
import type { SeatRole } from '../../shared/studio-model';
import { seatRoles } from '../../shared/studio-model';
import { normalizeFingerprint } from './certificate';
import { pinnedAgent, unwrap } from './link';

const pairAnswer = z.object({
  ok: z.literal(true),
  data: z.object({
    seatId: z.string(),
    seatName: z.string(),
    role: z.enum(seatRoles),
    credential: z.string(),
  }),
});
const refusal = z.object({ ok: z.literal(false), error: z.object({ message: z.string() }) });

/** The keychain entry of a seat's credential for the hub pinned by `fingerprint`. */
export function seatSecretName(fingerprint: string): string {
  return `studio-seat:${normalizeFingerprint(fingerprint)}`;
}

/** Joining refused: the hub's own words (wrong or expired code, locked) or the pin's. */
export class JoinRefusedError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'JoinRefusedError';
  }
}

/** The hub's refusal as a JoinRefusedError: its own words when it gave them, else its status. */
function refusedBy(response: { status: number }, body: unknown): JoinRefusedError {
  const said = refusal.safeParse(body);
  return new JoinRefusedError(
    said.success ? said.data.error.message : `The hub answered ${response.status}.`,
    response.status,
  );
}

/**
 * Pairs with the hub at `url` using `code`, keeps the credential in `secrets` under
 * {@link seatSecretName}, and answers the seat's name and role.
 * @throws FingerprintMismatchError when the hub is not the pinned one (nothing was sent);
 *   JoinRefusedError with the hub's words when it refused the code.
 */
export async function pairSeat(options: {
  url: string;
  fingerprint: string;
  code: string;
  seatName: string;
  secrets: SecretStore;
  agent?: Agent;
}): Promise<{ seatName: string; role: SeatRole; credential: string }> {
  const agent = options.agent ?? pinnedAgent(options.fingerprint);
  try {
    const response = await fetch(new URL('/studio/pair', options.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: options.code, seatName: options.seatName }),
      dispatcher: agent,
    }).catch((error: unknown) => {
      throw unwrap(error);
    });
    const body: unknown = await response.json().catch(() => null);
    const paired = pairAnswer.safeParse(body);
    if (!response.ok || !paired.success) {
      throw refusedBy(response, body);
    }
    const seat = paired.data.data;
    await options.secrets.set(seatSecretName(options.fingerprint), seat.credential);
    return { seatName: seat.seatName, role: seat.role, credential: seat.credential };
  } finally {
    if (!options.agent) await agent.close();
  }
}

const helloAnswer = z.object({
  ok: z.literal(true),
  data: z.object({ seatName: z.string(), role: z.enum(seatRoles) }),
});

/**
 * Joins the hub at `url` again with the credential kept in `secrets` from an earlier pairing,
 * and answers the seat's name and role as the hub knows them.
 * @throws FingerprintMismatchError when the hub is not the pinned one; JoinRefusedError when
 *   no credential is kept or the hub refused it (revoked).
 */
export async function rejoinSeat(options: {
  url: string;
  fingerprint: string;
  secrets: SecretStore;
  agent?: Agent;
}): Promise<{ seatName: string; role: SeatRole; credential: string }> {
  const credential = await options.secrets.get(seatSecretName(options.fingerprint));
  if (credential === null)
    throw new JoinRefusedError(
      'No credential of this studio is kept here: pair with a code from the hub.',
      null,
    );
  const agent = options.agent ?? pinnedAgent(options.fingerprint);
  try {
    const response = await fetch(new URL('/studio/hello', options.url), {
      headers: { authorization: `Seat ${credential}` },
      dispatcher: agent,
    }).catch((error: unknown) => {
      throw unwrap(error);
    });
    const body: unknown = await response.json().catch(() => null);
    const hello = helloAnswer.safeParse(body);
    if (!response.ok || !hello.success) {
      throw refusedBy(response, body);
    }
    return { ...hello.data.data, credential };
  } finally {
    if (!options.agent) await agent.close();
  }
}
