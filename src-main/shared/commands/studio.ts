/**
 * The studio: this desk as a hub that seats join over TLS (services/studio/). Every command
 * here is the hub operator's own: the hub refuses them from seats, and a seat answers
 * `studio.status` itself (its link to the hub). No platform call.
 */
import { z } from 'zod';
import { defineCommands, localSetting, returns } from './define';
import { noInput } from './fields';
import {
  seatRoles,
  type PairingCode,
  type SeatLink,
  type StudioHosting,
  type StudioStatus,
} from '../studio-model';

/** An IPv4 or IPv6 address of this computer's interfaces (the operator chooses one). */
const address = z
  .string()
  .trim()
  .refine((value) => z.ipv4().safeParse(value).success || z.ipv6().safeParse(value).success, {
    message: 'Give an IP address of this computer, like 127.0.0.1.',
  });

/** The hub's address as the hub shows it: `https://…`. */
const hubUrl = z
  .string()
  .trim()
  .regex(
    /^https:\/\/[^\s/]+\/?$/,
    'Give the studio address the hub shows, like https://192.0.2.10:7443/.',
  );

/**
 * What a desk needs to reach a hub as a seat (`studio.join`) or as its backup
 * (`studio.startBackup`): the hub's address, its certificate fingerprint to pin (64 hex digits,
 * pairs optionally separated by `:` or a space), a pairing code (optional: without one, the
 * credential kept in the keychain) and the seat's name (1 to 60 characters).
 */
const hubLink = z.object({
  url: hubUrl,
  fingerprint: z
    .string()
    .trim()
    .regex(/^([0-9A-Fa-f]{2}[:\s]?){32}$/, 'Give the 64 hex digits of the hub’s fingerprint.'),
  code: z.string().trim().max(20).optional(),
  seatName: z
    .string()
    .trim()
    .min(1, 'Give the seat a name.')
    .max(60, 'Seat names are at most 60 characters.'),
});

/** The studio domain's commands. */
export const studioCommands = defineCommands({
  /** Hosting, seats, pairing codes not yet used, and this desk's link when it is a seat. */
  'studio.status': localSetting({
    scope: 'workstation',
    input: noInput,
    output: returns<StudioStatus>(),
    effect: 'read',
  }),
  /**
   * Turns hosting on: listens with TLS on `address`:`port` (0 picks a free port). Answers the
   * URL seats join and the certificate's fingerprint they pin. Off by default.
   */
  'studio.startHosting': localSetting({
    scope: 'hub',
    input: z.object({
      address,
      port: z.number().int().min(0).max(65535, 'A port is 0 to 65535.'),
    }),
    output: returns<StudioHosting>(),
    effect: 'change',
  }),
  /** Turns hosting off: every seat's stream closes; seats keep their credentials. */
  'studio.stopHosting': localSetting({
    scope: 'hub',
    input: noInput,
    output: returns<null>(),
    effect: 'change',
  }),
  /** A new pairing code: good for one seat and 2 minutes; the seat gets `role`. */
  'studio.newPairingCode': localSetting({
    scope: 'hub',
    input: z.object({ role: z.enum(seatRoles).default('operator') }),
    output: returns<PairingCode>(),
    effect: 'change',
    offer: { palette: true },
  }),
  /**
   * Joins the hub at `url` as a seat: pins `fingerprint`, pairs with `code` (or, without one,
   * uses the credential this desk kept in its keychain), then every other command and event
   * of this desk is the hub's until `studio.leave`. Refused while this desk hosts a studio.
   */
  'studio.join': localSetting({
    scope: 'workstation',
    input: hubLink,
    output: returns<SeatLink>(),
    effect: 'change',
  }),
  /**
   * Makes this desk the backup hub of the hub at `url` (services/studio/backup.ts): pins
   * `fingerprint`, pairs with a `code` of role backup (or, without one, uses the credential kept
   * in the keychain), hosts its own studio on `address`:`port` in standby (503 to every seat)
   * and follows the hub's heartbeat; it serves the seats once the hub was silent for 3 s. Its
   * accounts are its own (same accounts, tokens in this keychain). Off with
   * `studio.stopHosting`. Refused while this desk is a seat.
   */
  'studio.startBackup': localSetting({
    scope: 'hub',
    input: hubLink.extend({
      address,
      port: z.number().int().min(0).max(65535, 'A port is 0 to 65535.'),
    }),
    output: returns<StudioHosting>(),
    effect: 'change',
  }),
  /** Leaves the hub: this desk is its own again (the credential stays in the keychain). */
  'studio.leave': localSetting({
    scope: 'workstation',
    input: noInput,
    output: returns<null>(),
    effect: 'change',
  }),
  /** Revokes a seat: its credential is forgotten and its stream closed at once. */
  'studio.revokeSeat': localSetting({
    scope: 'hub',
    input: z.object({ seatId: z.string().regex(/^[a-f0-9]{16}$/, 'Not a seat of this studio.') }),
    output: returns<null>(),
    effect: 'destructive',
    confirm: { kind: 'again' },
  }),
});
