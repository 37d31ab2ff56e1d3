/**
 * The module's presets: one page (a Companion preset category) per channel on air in the desk's
 * latest picture, with four buttons ready to drag onto a Stream Deck: Record, Stop (two
 * presses), Cue point and Focus. Each carries the channel's tally feedbacks (stale drawn dark,
 * never as on air) and shows the channel's figures from the module's variables. The pages follow
 * the picture: a channel going on air gets its page, one going off air loses it.
 */
import type {
  CompanionButtonPresetDefinition,
  CompanionPresetDefinitions,
  CompanionPresetFeedback,
} from '@companion-module/base';
import type { ChannelTally, PanelFeedback } from '../../../src-main/shared/panels-model';
import type { DeskActionId } from './actions';
import type { DeskFeedbackId } from './feedbacks';
import { tallyColours } from './feedbacks';
import { variablePrefix } from './variables';

/** The connection's label in variable references until Companion gives it another. */
export const defaultLabel = 'onair-desk';

/** The channels that get a preset page: on air in `picture`, in its order (by title). */
export function presetChannels(picture: PanelFeedback | null): ChannelTally[] {
  return (picture?.channels ?? []).filter((channel) => channel.tally === 'onAir');
}

/**
 * The presets for `picture`.
 * @param label the connection's label in Companion, for `$(label:variable)` in button texts.
 */
export function presetDefinitions(
  picture: PanelFeedback | null,
  label = defaultLabel,
): CompanionPresetDefinitions {
  const presets: CompanionPresetDefinitions = {};
  for (const channel of presetChannels(picture)) {
    const category = `On air: ${channel.title}`;
    const prefix = variablePrefix(channel.channelKey);
    const v = (suffix: string) => `$(${label}:${prefix}_${suffix})`;
    const options = { channel: channel.channelKey };
    const button = (
      id: string,
      name: string,
      text: string,
      action: DeskActionId,
      feedbacks: CompanionPresetFeedback[],
    ): void => {
      const preset: CompanionButtonPresetDefinition = {
        type: 'button',
        category,
        name,
        style: {
          text,
          size: 'auto',
          color: tallyColours.white,
          bgcolor: tallyColours.offAir,
        },
        feedbacks,
        steps: [{ down: [{ actionId: action, options }], up: [] }],
      };
      presets[`${prefix}-${id}`] = preset;
    };
    const tally: CompanionPresetFeedback[] = [
      feedback('offAir', options),
      feedback('onAir', options),
      feedback('recording', options),
      feedback('stale', options),
    ];
    button('record', 'Record', `REC\n${v('on_air_time')}`, 'startRecording', tally);
    button('stop', 'Stop recording (press twice)', 'STOP\nREC', 'stopRecording', [
      ...tally,
      feedback('pressAgain', options),
    ]);
    button('cue', 'Cue point', `CUE\n${v('cue_point')}`, 'setCuePoint', tally);
    const focus: CompanionButtonPresetDefinition = {
      type: 'button',
      category,
      name: 'Focus',
      style: {
        text: `${v('channel')}\n${v('viewers')} viewers`,
        size: 'auto',
        color: tallyColours.white,
        bgcolor: tallyColours.offAir,
      },
      // Grey text while the viewers may no longer be so, over whichever tally lights it.
      feedbacks: [...tally, feedback('figuresStale', options)],
      steps: [
        {
          down: [{ actionId: 'focusChannel', options: { by: 'channel', ...options } }],
          up: [],
        },
      ],
    };
    presets[`${prefix}-focus`] = focus;
  }
  return presets;
}

function feedback(
  feedbackId: DeskFeedbackId,
  options: Record<string, string>,
): CompanionPresetFeedback {
  // The preset's own style per feedback: Companion applies a boolean feedback's style only
  // when it is given here (the definition's defaultStyle is for feedbacks added by hand).
  const style = {
    onAir: { bgcolor: tallyColours.onAir, color: tallyColours.white },
    recording: { bgcolor: tallyColours.recording, color: tallyColours.white },
    offAir: { bgcolor: tallyColours.offAir, color: tallyColours.white },
    stale: { bgcolor: tallyColours.stale, color: tallyColours.staleText },
    figuresStale: { color: tallyColours.staleText },
    budgetPaused: { bgcolor: tallyColours.amber, color: tallyColours.black },
    pressAgain: { bgcolor: tallyColours.amber, color: tallyColours.black },
  }[feedbackId];
  return { feedbackId, options, style };
}
