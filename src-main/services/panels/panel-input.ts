/**
 * What a panel's press asks, as the pipeline takes it (hosts/panel-api.ts). A panel renames a
 * broadcast only to one of the titles the operator set for it in Settings → Hardware panels
 * (docs/admin/panels.md): its button sends `{ broadcastKey, preset: n }` (n from 1) and the
 * title is taken from the panel's own list; a `title` of its own is accepted only when it is one
 * of those. A panel can thus never put a title on air that the operator did not write.
 * Every other command's input passes as the panel sent it.
 */
import { say } from '../../shared/i18n/say';
import type { DeskError } from '../../shared/result';
import type { PanelSummary } from '../../shared/panels-model';

/** The input to run, or why the press is refused (nothing is sent then). */
export type PanelInput = { input: unknown } | { refusal: DeskError };

/**
 * The input a panel's press of `name` runs with.
 * @param panel the panel that pressed (its preset titles).
 * @param input the JSON body it sent (not yet validated: the pipeline does that).
 */
export function panelInput(panel: PanelSummary, name: string, input: unknown): PanelInput {
  if (name !== 'broadcast.rename' || typeof input !== 'object' || input === null) return { input };
  const { preset, title, ...rest } = input as Record<string, unknown>;
  if (preset !== undefined) {
    const chosen =
      typeof preset === 'number' && Number.isInteger(preset) ? panel.titles[preset - 1] : undefined;
    if (chosen === undefined)
      return {
        refusal: {
          code: 'invalid-input',
          ...say('panelApi.refused.noPreset', { preset: JSON.stringify(preset) }),
        },
      };
    return { input: { ...rest, title: chosen } };
  }
  if (typeof title === 'string' && panel.titles.includes(title.trim()))
    return { input: { ...rest, title } };
  return { refusal: { code: 'forbidden', ...say('panelApi.refused.notPreset') } };
}
