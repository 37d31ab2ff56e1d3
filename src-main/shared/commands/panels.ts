/**
 * The panels domain's commands (`services/panels/`): the local control API for hardware panels
 * (`hosts/panel-api.ts`), off by default, on loopback only; each panel has its own bearer
 * token, shown once when it is added and revocable. No platform call.
 */
import { z } from 'zod';
import { defineCommands, localSetting, returns } from './define';
import { notPlainText, requiredText } from './fields';
import { maxTitlePresets, type AddedPanel, type PanelsState } from '../panels-model';

const panelId = z.string().regex(/^pnl-[0-9a-f]{12}$/, 'That panel is not known.');

/** The panels domain's commands. */
export const panelCommands = defineCommands({
  /** The control API's setting and the panels, never a token. */
  'panels.list': localSetting({
    scope: 'workstation',
    input: z.object({}),
    output: returns<PanelsState>(),
    effect: 'read',
  }),
  /** Adds a panel by name; answers its token, which is shown this once (main keeps its hash). */
  'panels.add': localSetting({
    scope: 'workstation',
    input: z.object({
      name: requiredText(
        60,
        'A panel needs a name.',
        'A panel name is at most 60 characters.',
      ).refine(
        (name) => !notPlainText.test(name),
        'A panel name cannot hold control characters, line breaks or text-direction marks.',
      ),
    }),
    output: returns<AddedPanel>(),
    effect: 'change',
  }),
  /** Revokes a panel's token: its next request is refused (401). */
  'panels.revoke': localSetting({
    scope: 'workstation',
    input: z.object({ id: panelId }),
    output: returns<PanelsState>(),
    effect: 'change',
  }),
  /**
   * Sets what one panel may run: the commands ticked for it, each offered to panels
   * (`offer.panel`; anything else is refused), and its preset titles for `broadcast.rename`.
   */
  'panels.setCommands': localSetting({
    scope: 'workstation',
    input: z.object({
      id: panelId,
      commands: z.array(z.string().max(100)).max(100),
      titles: z
        .array(z.string().trim().max(200, 'A preset title is at most 200 characters.'))
        .max(maxTitlePresets, 'A panel has at most 8 preset titles.')
        .default([]),
    }),
    output: returns<PanelsState>(),
    effect: 'change',
  }),
  /** Turns the control API on or off, on a loopback port (1024 to 65535). */
  'panels.setEnabled': localSetting({
    scope: 'workstation',
    input: z.object({
      enabled: z.boolean(),
      port: z
        .number()
        .int()
        .min(1024, 'Give a port from 1024 to 65535.')
        .max(65535, 'Give a port from 1024 to 65535.')
        .optional(),
    }),
    output: returns<PanelsState>(),
    effect: 'change',
  }),
});
