/**
 * The module's feedbacks: each channel's tally (on air, recording, off air, stale) from the
 * desk's lamps (`data.lamps`, docs/admin/panels.md, "The HTTP API"), the budget's pause, a first
 * press waiting for its second, and figures (viewers, chat) that may no longer be so. A button the module cannot vouch for is stale: the desk
 * says so, the stream to the desk is down, or the desk has not read the channel; a stale button
 * is drawn dark and never as on air (docs/admin/panels.md: "A button that is `stale` must be
 * drawn dark").
 */
import {
  combineRgb,
  type CompanionFeedbackDefinitions,
  type DropdownChoice,
} from '@companion-module/base';
import type { PanelLamp } from '../../../src-main/shared/panels-model';
import { channelOption } from './actions';

/** The module's feedback ids. */
export type DeskFeedbackId =
  'onAir' | 'recording' | 'offAir' | 'stale' | 'figuresStale' | 'budgetPaused' | 'pressAgain';

/** What the feedbacks read of the connection. */
export interface DeskFeedbackHost {
  channelChoices(): DropdownChoice[];
  /** The channel's lamp now; `stale` whenever the module cannot vouch for it. */
  lampOf(channelKey: string): PanelLamp;
  /** True when the channel's viewers or chat figure may no longer be so (variables.ts). */
  figuresStale(channelKey: string): boolean;
  /** True while the desk's live budget is paused (a 429 or a refused token). */
  budgetPaused(): boolean;
  /** True while a first press of a two-press command on this channel waits (2 s). */
  waitsForSecondPress(channelKey: string): boolean;
}

/** The colours of the tally, as the desk's own tiles use them. */
export const tallyColours = {
  onAir: combineRgb(204, 0, 0),
  recording: combineRgb(255, 64, 64),
  offAir: combineRgb(40, 40, 40),
  stale: combineRgb(16, 16, 16),
  staleText: combineRgb(110, 110, 110),
  white: combineRgb(255, 255, 255),
  black: combineRgb(0, 0, 0),
  amber: combineRgb(255, 170, 0),
} as const;

/** Companion's feedback definitions, read from `host` each time Companion asks. */
export function feedbackDefinitions(host: DeskFeedbackHost): CompanionFeedbackDefinitions {
  const channels = host.channelChoices();
  const channel = () => [channelOption(channels)];
  const key = (options: { channel?: unknown }) =>
    typeof options.channel === 'string' ? options.channel.trim() : '';
  return {
    onAir: {
      type: 'boolean',
      name: 'Tally: on air',
      description:
        'The channel is on air (recording or not), and the desk’s figure is fresh. Never true while stale.',
      defaultStyle: { bgcolor: tallyColours.onAir, color: tallyColours.white },
      options: channel(),
      callback: (feedback) => {
        const lamp = host.lampOf(key(feedback.options));
        return lamp === 'onAir' || lamp === 'recording';
      },
    },
    recording: {
      type: 'boolean',
      name: 'Tally: recording',
      description: 'The channel is on air and its manual recording runs.',
      defaultStyle: { bgcolor: tallyColours.recording, color: tallyColours.white },
      options: channel(),
      callback: (feedback) => host.lampOf(key(feedback.options)) === 'recording',
    },
    offAir: {
      type: 'boolean',
      name: 'Tally: off air',
      description: 'The channel is off air, and the desk’s figure is fresh.',
      defaultStyle: { bgcolor: tallyColours.offAir, color: tallyColours.white },
      options: channel(),
      callback: (feedback) => host.lampOf(key(feedback.options)) === 'off',
    },
    stale: {
      type: 'boolean',
      name: 'Tally: stale (not known)',
      description:
        'What the button would show may no longer be so: the desk lost the platform, its read is overdue, the desk is not reachable, or it has not read this channel. Draw it dark.',
      defaultStyle: { bgcolor: tallyColours.stale, color: tallyColours.staleText },
      options: channel(),
      callback: (feedback) => host.lampOf(key(feedback.options)) === 'stale',
    },
    figuresStale: {
      type: 'boolean',
      name: 'Viewers and chat: stale',
      description:
        'The channel’s viewers or chat figure may no longer be so (its read failed since, the desk lost the platform, or the desk is not reachable): its text is drawn grey, so an old count never looks like now.',
      defaultStyle: { color: tallyColours.staleText },
      options: channel(),
      callback: (feedback) => host.figuresStale(key(feedback.options)),
    },
    budgetPaused: {
      type: 'boolean',
      name: 'Budget paused',
      description:
        'The desk’s live API budget is paused (the platform answered 429, or refused the token): presses wait or fail.',
      defaultStyle: { bgcolor: tallyColours.amber, color: tallyColours.black },
      options: [],
      callback: () => host.budgetPaused(),
    },
    pressAgain: {
      type: 'boolean',
      name: 'Press again to confirm',
      description:
        'A first press of a command that cannot be undone (stop recording) on this channel waits: the same button within 2 s runs it.',
      defaultStyle: { bgcolor: tallyColours.amber, color: tallyColours.black },
      options: channel(),
      callback: (feedback) => host.waitsForSecondPress(key(feedback.options)),
    },
  } satisfies Record<DeskFeedbackId, CompanionFeedbackDefinitions[string]>;
}
