/**
 * The module's actions: one per command OnAir Desk offers to panels (`offer.panel: true` in
 * src-main/shared/commands/, listed in docs/admin/panels.md, "Ticking what a panel may run").
 * A button names a channel, not a broadcast: the broadcast key is taken at the press from the
 * desk's feedback picture (the channel's latest broadcast), so a button keeps working across
 * broadcasts. A destructive command keeps the desk's second press: the first press does
 * nothing and the same press within 2 s runs it (the desk decides, panel-api.ts; the module
 * only shows that it waits).
 */
import type {
  CompanionActionDefinition,
  CompanionActionDefinitions,
  CompanionOptionValues,
  DropdownChoice,
  SomeCompanionActionInputField,
} from '@companion-module/base';
import type { PanelCommand } from './desk-client';

/** The module's action ids. */
export type DeskActionId =
  | 'startRecording'
  | 'stopRecording'
  | 'setCuePoint'
  | 'renameToPreset'
  | 'focusChannel'
  | 'setSandboxEncoder';

/** What the actions need of the connection. */
export interface DeskActionsHost {
  /** The channels the desk has read, for the channel dropdown (id: channel key, label: title). */
  channelChoices(): DropdownChoice[];
  /** The key of the channel's latest broadcast in the latest picture, or null when unknown. */
  broadcastOf(channelKey: string): string | null;
  /**
   * Presses `command` with `input`; `label` is the action's name as Companion lists it, which
   * the log names the press by.
   */
  press(command: PanelCommand, input: Record<string, unknown>, label: string): Promise<void>;
  /** Tells the operator (Companion's log) why a press sent nothing. */
  warn(message: string): void;
}

/** One action: its desk command and how its options become the command's input. */
export interface DeskAction {
  command: PanelCommand;
  name: string;
  description: string;
  /** True when the desk asks for a second press within 2 s (`confirm: { kind: 'again' }`). */
  twoPresses: boolean;
  options(channels: DropdownChoice[]): SomeCompanionActionInputField[];
  /** The command's input from the button's options, or why nothing can be sent. */
  input(
    options: CompanionOptionValues,
    broadcastOf: (channelKey: string) => string | null,
  ): { input: Record<string, unknown> } | { problem: string };
}

/** Every action, by id, in the order Companion lists them. */
export const deskActions: Record<DeskActionId, DeskAction> = {
  startRecording: {
    command: 'broadcast.startRecording',
    name: 'Start recording',
    description: 'Starts manual recording of the channel’s broadcast on air. One press.',
    twoPresses: false,
    options: (channels) => [channelOption(channels)],
    input: (options, broadcastOf) => onBroadcast(options, broadcastOf),
  },
  stopRecording: {
    command: 'broadcast.stopRecording',
    name: 'Stop recording (press twice within 2 s)',
    description:
      'Stops manual recording. It cannot be undone: the first press does nothing, the same button again within 2 s stops it.',
    twoPresses: true,
    options: (channels) => [channelOption(channels)],
    input: (options, broadcastOf) => onBroadcast(options, broadcastOf),
  },
  setCuePoint: {
    command: 'broadcast.setCuePoint',
    name: 'Set cue point now',
    description: 'Sets the timeshift cue point of the channel’s broadcast on air to now.',
    twoPresses: false,
    options: (channels) => [channelOption(channels)],
    input: (options, broadcastOf) => onBroadcast(options, broadcastOf),
  },
  renameToPreset: {
    command: 'broadcast.rename',
    name: 'Rename broadcast to a preset title',
    description:
      'Puts one of this panel’s preset titles (Settings → Hardware panels → Commands…) on the channel’s broadcast.',
    twoPresses: false,
    options: (channels) => [
      channelOption(channels),
      {
        type: 'number',
        id: 'preset',
        label: 'Preset title (line number, 1 to 8)',
        default: 1,
        min: 1,
        max: 8,
      },
    ],
    input: (options, broadcastOf) => {
      const target = onBroadcast(options, broadcastOf);
      if ('problem' in target) return target;
      return { input: { ...target.input, preset: Number(options.preset) } };
    },
  },
  focusChannel: {
    command: 'channel.focus',
    name: 'Focus channel',
    description:
      'Opens the control room of OnAir Desk on a channel: at a place in the channel list (as the keys 1…9 count, on air first) or by channel.',
    twoPresses: false,
    options: (channels) => [
      {
        type: 'dropdown',
        id: 'by',
        label: 'Channel by',
        default: 'position',
        choices: [
          { id: 'position', label: 'Place in the list' },
          { id: 'channel', label: 'Channel' },
        ],
      },
      {
        type: 'number',
        id: 'position',
        label: 'Place (1 to 99)',
        default: 1,
        min: 1,
        max: 99,
        isVisibleExpression: `$(options:by) == 'position'`,
      },
      { ...channelOption(channels), isVisibleExpression: `$(options:by) == 'channel'` },
    ],
    input: (options) =>
      options.by === 'channel'
        ? withChannel(options, (channelKey) => ({ input: { channelKey } }))
        : { input: { position: Number(options.position) } },
  },
  setSandboxEncoder: {
    command: 'rehearsal.setEncoder',
    name: 'Sandbox encoder on or off (rehearsals)',
    description:
      'Starts or stops the simulated encoder of a channel, in the sandbox workspace only (the Rehearsal view’s button).',
    twoPresses: false,
    options: (channels) => [
      channelOption(channels),
      {
        type: 'dropdown',
        id: 'state',
        label: 'Encoder',
        default: 'live',
        choices: [
          { id: 'live', label: 'Live (on air)' },
          { id: 'off', label: 'Off' },
        ],
      },
    ],
    input: (options) =>
      withChannel(options, (channelKey) => ({
        input: { channelKey, state: options.state === 'off' ? 'off' : 'live' },
      })),
  },
};

/** Companion's action definitions, each pressing its command through `host`. */
export function actionDefinitions(host: DeskActionsHost): CompanionActionDefinitions {
  const channels = host.channelChoices();
  const definitions: CompanionActionDefinitions = {};
  for (const [id, action] of Object.entries(deskActions)) {
    const definition: CompanionActionDefinition = {
      name: action.name,
      description: action.description,
      options: action.options(channels),
      callback: async (event) => {
        const resolved = action.input(event.options, (key) => host.broadcastOf(key));
        if ('problem' in resolved) return host.warn(`${action.name}: ${resolved.problem}`);
        await host.press(action.command, resolved.input, action.name);
      },
    };
    definitions[id] = definition;
  }
  return definitions;
}

/** The channel dropdown: the channels the desk has read; a key can be typed too. */
export function channelOption(channels: DropdownChoice[]): SomeCompanionActionInputField & {
  type: 'dropdown';
} {
  return {
    type: 'dropdown',
    id: 'channel',
    label: 'Channel',
    default: channels[0]?.id ?? '',
    choices: channels,
    allowCustom: true,
    regex: '/^[A-Za-z0-9_-]{1,64}$/',
  };
}

function withChannel(
  options: CompanionOptionValues,
  then: (channelKey: string) => { input: Record<string, unknown> },
): { input: Record<string, unknown> } | { problem: string } {
  const channelKey = typeof options.channel === 'string' ? options.channel.trim() : '';
  if (!channelKey) return { problem: 'choose a channel for this button.' };
  return then(channelKey);
}

function onBroadcast(
  options: CompanionOptionValues,
  broadcastOf: (channelKey: string) => string | null,
): { input: Record<string, unknown> } | { problem: string } {
  const channelKey = typeof options.channel === 'string' ? options.channel.trim() : '';
  if (!channelKey) return { problem: 'choose a channel for this button.' };
  const broadcastKey = broadcastOf(channelKey);
  if (!broadcastKey)
    return {
      problem: `OnAir Desk has not read a broadcast of channel ${channelKey}: open its control room (or the Multiview). Nothing was sent.`,
    };
  return { input: { broadcastKey } };
}
