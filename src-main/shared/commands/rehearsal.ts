/**
 * Rehearsal on the sandbox platform: its callback delivery log (docs/platform-facts.md,
 * "Callbacks"). Every command here works in the sandbox workspace only (precondition
 * `sandboxWorkspace`) and calls the sandbox's `/__sandbox` controls on this machine, never the
 * platform's API: no budget is spent.
 */
import { z } from 'zod';
import type { CallbackDeliveryView, DeliveryLog } from '../rehearsal-model';
import { anyRole, command, defineCommands, returns } from './define';
import { noInput } from './fields';

/** The rehearsal domain's commands. */
export const rehearsalCommands = defineCommands({
  /**
   * The sandbox's callback deliveries, newest first (the last 500), each with its attempts
   * (virtual UTC time, HTTP status or error), and whether delivery outside this machine is on.
   */
  'rehearsal.deliveries': command({
    input: noInput,
    output: returns<DeliveryLog>(),
    priority: 'local',
    category: 'rehearsal',
    effect: 'read',
    api: null,
    operations: [],
    roles: anyRole,
    precondition: 'sandboxWorkspace',
    offer: { palette: true },
  }),
  /**
   * Attempts delivery `id` again now (its attempt number counts on); a URL outside this
   * machine is refused again unless "deliver outside" is on. Answers the delivery; an
   * unknown id is refused with `rehearsal.deliveryGone`.
   */
  'rehearsal.resendDelivery': command({
    input: z.object({ id: z.number().int().positive() }),
    output: returns<CallbackDeliveryView>(),
    priority: 'local',
    category: 'rehearsal',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
    precondition: 'sandboxWorkspace',
  }),
  /**
   * Reads "Deliver callbacks outside this machine" for the sandbox workspace (off by default),
   * setting it first when `on` is given; kept in `settings.json` and given to the sandbox.
   */
  'rehearsal.deliverOutside': command({
    input: z.object({ on: z.boolean().optional() }),
    output: returns<{ on: boolean }>(),
    priority: 'local',
    category: 'rehearsal',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
    precondition: 'sandboxWorkspace',
    offer: { palette: true },
  }),
});
