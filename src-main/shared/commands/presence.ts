/**
 * Studio presence (services/studio/presence.ts): a page says which channel it has in focus and
 * which program it is editing; the hub pushes who is where to every page as `presence.changed`.
 * Both commands are `read` and `local`: no platform call, no audit record, and an observer seat
 * may send them. They are not `studio.*`, so a seat's pages reach the hub with them.
 */
import { z } from 'zod';
import { defineCommands, defineEvents, event, localState, returns } from './define';
import { key, noInput } from './fields';
import type { PresenceListing, PresencePicture, PresenceReply } from '../presence-model';
import { studioCommands } from './studio';

/** Presence commands (joined into the studio domain). */
export const presenceCommands = defineCommands({
  /**
   * Says where this page is: its focused channel (null: none) and the program it is editing
   * (null: none). Replaces what the page said before. Answers the picture, the page's own id
   * and its desk's.
   */
  'presence.report': localState('read', {
    scope: 'platform',
    input: z.object({
      channelKey: key.nullable(),
      channelTitle: z.string().trim().max(200).nullable().default(null),
      editing: z
        .object({
          channelKey: key,
          programId: z.number().int(),
          kind: z.enum(['moving', 'open']),
        })
        .nullable()
        .default(null),
    }),
    output: returns<PresenceReply>(),
  }),
  /** Who is where now, and this page's desk, without saying anything of this page. */
  'presence.list': localState('read', {
    scope: 'platform',
    input: noInput,
    output: returns<PresenceListing>(),
  }),
});

/** Presence events. */
export const presenceEvents = defineEvents({
  /** Someone's focus or edit changed, or a page left (closed, disconnected, revoked). */
  'presence.changed': event<PresencePicture>(),
});

/** The studio domain as `commandDomains` holds it: the studio's own commands and presence. */
export const studioDomainCommands = { ...studioCommands, ...presenceCommands };
