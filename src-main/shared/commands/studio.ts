/**
 * The studio: this desk as a hub that seats join over TLS (services/studio/). Every command
 * here is the hub operator's own: the hub refuses them from seats, and a seat answers
 * `studio.status` itself (its link to the hub). No platform call.
 */
import { z } from 'zod';
import { anyRole, command, defineCommands, returns } from './define';
import { noInput } from './fields';
import {
  seatRoles,
  type PairingCode,
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

/** The studio domain's commands. */
export const studioCommands = defineCommands({
  /** Hosting, seats, pairing codes not yet used, and this desk's link when it is a seat. */
  'studio.status': command({
    input: noInput,
    output: returns<StudioStatus>(),
    priority: 'local',
    category: 'settings',
    effect: 'read',
    api: null,
    operations: [],
    roles: anyRole,
  }),
  /**
   * Turns hosting on: listens with TLS on `address`:`port` (0 picks a free port). Answers the
   * URL seats join and the certificate's fingerprint they pin. Off by default.
   */
  'studio.startHosting': command({
    input: z.object({
      address,
      port: z.number().int().min(0).max(65535, 'A port is 0 to 65535.'),
    }),
    output: returns<StudioHosting>(),
    priority: 'local',
    category: 'settings',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
  }),
  /** Turns hosting off: every seat's stream closes; seats keep their credentials. */
  'studio.stopHosting': command({
    input: noInput,
    output: returns<null>(),
    priority: 'local',
    category: 'settings',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
  }),
  /** A new pairing code: good for one seat and 2 minutes; the seat gets `role`. */
  'studio.newPairingCode': command({
    input: z.object({ role: z.enum(seatRoles).default('operator') }),
    output: returns<PairingCode>(),
    priority: 'local',
    category: 'settings',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
    offer: { palette: true },
  }),
  /** Revokes a seat: its credential is forgotten and its stream closed at once. */
  'studio.revokeSeat': command({
    input: z.object({ seatId: z.string().regex(/^[a-f0-9]{16}$/, 'Not a seat of this studio.') }),
    output: returns<null>(),
    priority: 'local',
    category: 'settings',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: null,
    operations: [],
    roles: anyRole,
  }),
});
