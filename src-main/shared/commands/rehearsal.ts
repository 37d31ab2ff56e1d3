/**
 * Rehearsal: the sandbox workspace's own controls of the simulated platform (the sandbox's
 * `/__sandbox` controls on this machine, outside the platform's API: no budget, no platform
 * operation): its simulated encoders and its callback delivery log (docs/platform-facts.md,
 * "Encoders and broadcasts" and "Callbacks"). Every command works in the sandbox workspace
 * only (precondition `sandboxWorkspace`).
 */
import { z } from 'zod';
import type { Fresh } from '../model';
import type { CallbackDeliveryView, DeliveryLog } from '../rehearsal-model';
import { anyRole, command, defineCommands, returns } from './define';
import { key, noInput } from './fields';

/**
 * Where a channel's simulated encoder stands (sandbox, encoder.ts): `live` feeds the
 * broadcast on air; `reconnecting` dropped, the broadcast waits until `reconnectUntil`;
 * `off`, nothing on air.
 */
export type EncoderState = 'live' | 'reconnecting' | 'off';

/** One encoder-fed channel and its simulated encoder. */
export interface EncoderView {
  channelKey: string;
  channelTitle: string;
  /** The channel is disabled: the sandbox refuses to start its encoder until it is enabled. */
  channelDisabled: boolean;
  state: EncoderState;
  /** The broadcast on air (fed or waiting), else null. */
  broadcastKey: string | null;
  /** When a waiting broadcast ends (epoch ms UTC, platform time); null unless reconnecting. */
  reconnectUntil: number | null;
  /** Milliseconds of platform time left in the reconnect window; null unless reconnecting. */
  reconnectLeftMs: number | null;
}

/** One example scenario of the sandbox (`resources/rehearsals/`, sandbox scenario-desk.ts). */
export interface ScenarioListingView {
  /** File name without `.yaml`: what `rehearsal.playScenario` takes. */
  file: string;
  name: string;
  description: string;
  /** Platform time the whole scenario covers, ms. */
  durationMs: number;
}

/**
 * Where the sandbox's scenario stands (sandbox scenario-player.ts): `playing` on the virtual
 * clock at `speed` (×1..×60), `paused` (the platform's time stands still), `done` or `stopped`
 * (the clock back at ×1). Offsets and elapsed time are ms of platform time from its start.
 */
export interface ScenarioView {
  name: string;
  phase: 'playing' | 'paused' | 'done' | 'stopped';
  elapsedMs: number;
  durationMs: number;
  speed: number;
  /** Events applied so far, of `total`. */
  applied: number;
  total: number;
  /** The next event: its offset and the sandbox's one-line summary (English); null at the end. */
  next: { atMs: number; summary: string } | null;
  /** Events the sandbox refused, with its message (English). */
  errors: { atMs: number; summary: string; message: string }[];
}

/** The rehearsal domain's commands. */
export const rehearsalCommands = defineCommands({
  /** Every encoder-fed channel not in the trash with its encoder, in channel order. */
  'rehearsal.encoders': command({
    scope: 'platform',
    input: noInput,
    output: returns<Fresh<EncoderView[]>>(),
    priority: 'local',
    category: 'rehearsal',
    effect: 'read',
    api: null,
    operations: [],
    roles: anyRole,
    precondition: 'sandboxWorkspace',
  }),
  /**
   * Starts (`live`) or stops (`off`) the simulated encoder of a channel: on air with a new
   * broadcast, or dropped (the broadcast ends after the sandbox's 5-minute reconnect window
   * unless the encoder comes back). Answers the channel's encoder after the change; the
   * control room's channel watch is re-read at once. Refused by the sandbox (422) for a
   * scheduled channel, or `live` on a disabled or trashed channel; 404 for an unknown one.
   */
  'rehearsal.setEncoder': command({
    scope: 'platform',
    input: z.object({ channelKey: key, state: z.enum(['live', 'off']) }),
    output: returns<EncoderView>(),
    priority: 'local',
    category: 'rehearsal',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
    precondition: 'sandboxWorkspace',
    // A rehearsal's encoder on a panel button, as the Rehearsal view's own button: one press.
    offer: { panel: true },
  }),
  /** The sandbox's example scenarios, and the scenario playing (null when none was started). */
  'rehearsal.scenarios': command({
    scope: 'platform',
    input: noInput,
    output: returns<Fresh<{ scenarios: ScenarioListingView[]; current: ScenarioView | null }>>(),
    priority: 'local',
    category: 'rehearsal',
    effect: 'read',
    api: null,
    operations: [],
    roles: anyRole,
    precondition: 'sandboxWorkspace',
  }),
  /**
   * Plays the example scenario `file` on the sandbox's virtual clock at `speed` (×1..×60,
   * default the file's own), stopping any scenario playing. The sandbox refuses (422) an
   * unknown example or a file that does not load, naming its line and field.
   */
  'rehearsal.playScenario': command({
    scope: 'platform',
    input: z.object({
      file: z.string().min(1).max(200),
      speed: z.number().int().min(1).max(60).optional(),
    }),
    output: returns<ScenarioView>(),
    priority: 'local',
    category: 'rehearsal',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
    precondition: 'sandboxWorkspace',
  }),
  /**
   * Pauses (the platform's time stands still), resumes or stops the sandbox's scenario; the
   * control room's channel watch is re-read at once. Answers where it stands (null when none).
   */
  'rehearsal.controlScenario': command({
    scope: 'platform',
    input: z.object({ action: z.enum(['pause', 'resume', 'stop']) }),
    output: returns<ScenarioView | null>(),
    priority: 'local',
    category: 'rehearsal',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
    precondition: 'sandboxWorkspace',
  }),
  /**
   * The sandbox's callback deliveries, newest first (the last 500), each with its attempts
   * (virtual UTC time, HTTP status or error), and whether delivery outside this machine is on.
   */
  'rehearsal.deliveries': command({
    scope: 'platform',
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
    scope: 'platform',
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
    scope: 'hub',
    input: z.object({ on: z.boolean().optional() }),
    output: returns<{ on: boolean }>(),
    priority: 'local',
    category: 'rehearsal',
    effect: 'change',
    journal: 'whenSetting',
    api: null,
    operations: [],
    roles: anyRole,
    precondition: 'sandboxWorkspace',
    offer: { palette: true },
  }),
});
