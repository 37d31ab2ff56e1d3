/**
 * The app's own settings (services/settings.ts, kept in `settings.json`): the interface
 * language, the operator's name, updates, notifications, keyboard shortcuts, the appearance
 * (theme and text size) and the sound cues. No platform call.
 */
import { z } from 'zod';
import { languages, type Language, type LanguageChoice } from '../i18n/languages';
import { defineCommands, defineEvents, event, localSetting, returns } from './define';
import { noInput } from './fields';
import {
  updateModes,
  updateServerUrl,
  type EffectiveUpdates,
  type UpdateSettings,
  type UpdateState,
} from '../updates-model';
import { osNoticeKinds, type OsNoticeSwitches } from '../notifications';
import { shortcutText, type ShortcutRow } from '../shortcuts-model';
import { textSizes, themeChoices, type Appearance } from '../appearance-model';
import { soundCueKinds, type SoundCueSettings } from '../sound-cues';

/** The one refusal of a sound cue's volume outside 0–100 % (a `validation` catalogue text). */
const volumeMessage = 'A volume is a whole number from 0 to 100 %.';

/** The settings domain's commands. */
export const settingsCommands = defineCommands({
  /**
   * Reads the interface language choice; sets it first when `language` is given (null: follow
   * the OS locale). `systemLanguage` is the OS locale's language where main knows it
   * (Electron's `app.getLocale()`), else null (the browser host: the page's own locale).
   */
  'settings.language': localSetting({
    scope: 'workstation',
    input: z.object({ language: z.enum(languages).nullable().optional() }),
    output: returns<{ language: LanguageChoice; systemLanguage: Language | null }>(),
    effect: 'change',
    journal: 'whenSetting',
    offer: { palette: true },
  }),
  /**
   * Reads the operator's name, the "who" of every audit record; sets it first when `name` is
   * given (null or blank: the OS user's name, `systemName`, stands in). At most 80 characters.
   */
  'settings.operatorName': localSetting({
    scope: 'workstation',
    input: z.object({
      name: z
        .string()
        .trim()
        .max(80, 'An operator name is at most 80 characters.')
        .nullable()
        .optional(),
    }),
    output: returns<{ name: string | null; systemName: string }>(),
    effect: 'change',
    journal: 'whenSetting',
    offer: { palette: true },
  }),
  /**
   * Reads the desktop app's update settings (hosts/update-policy.ts); sets the operator's mode
   * and server first when given (null URL: no server, updates off). What the administrator's
   * policy file locks stays as the policy says (`effective.locked`, `effective.lockReason`).
   * `available` is false in the browser host, which does not update itself.
   */
  'settings.updates': localSetting({
    scope: 'workstation',
    input: z.object({
      mode: z.enum(updateModes).optional(),
      url: updateServerUrl.nullable().optional(),
    }),
    output: returns<{
      available: boolean;
      own: UpdateSettings;
      effective: EffectiveUpdates;
      /** The policy file's path when one was read, else null. */
      policyPath: string | null;
      state: UpdateState;
    }>(),
    effect: 'change',
    journal: 'whenSetting',
  }),
  /**
   * Reads which kinds of OS notification are on; first turns on or off those given in
   * `set` (the others keep their setting). Kept in settings.json.
   */
  'settings.notifications': localSetting({
    scope: 'workstation',
    input: z.object({
      set: z.partialRecord(z.enum(osNoticeKinds), z.boolean()).optional(),
    }),
    output: returns<OsNoticeSwitches>(),
    effect: 'change',
    journal: 'whenSetting',
    offer: { palette: true },
  }),
  /**
   * Reads the appearance (shared/appearance-model.ts): the theme choice (`system` follows the
   * OS) and the text size in % (100–200 in steps of 25); sets those given first. Kept in
   * settings.json for this workstation.
   */
  'settings.appearance': localSetting({
    scope: 'workstation',
    input: z.object({
      theme: z.enum(themeChoices).optional(),
      textSize: z
        .number()
        .refine((size) => (textSizes as readonly number[]).includes(size), {
          message: 'A text size is 100, 125, 150, 175 or 200 %.',
        })
        .optional(),
    }),
    output: returns<Appearance>(),
    effect: 'change',
    journal: 'whenSetting',
    offer: { palette: true },
  }),
  /**
   * Reads every sound cue kind's switch and volume (shared/sound-cues.ts; all off until the
   * operator turns one on); first changes those given in `set` (`on`, `volume` in % 0–100,
   * whole numbers; what is not given keeps its setting). Kept in settings.json for this
   * workstation.
   */
  'settings.sounds': localSetting({
    scope: 'workstation',
    input: z.object({
      set: z
        .partialRecord(
          z.enum(soundCueKinds),
          z.object({
            on: z.boolean().optional(),
            volume: z
              .number()
              .int(volumeMessage)
              .min(0, volumeMessage)
              .max(100, volumeMessage)
              .optional(),
          }),
        )
        .optional(),
    }),
    output: returns<SoundCueSettings>(),
    effect: 'change',
    journal: 'whenSetting',
    offer: { palette: true },
  }),
  /**
   * Reads the Multiview's pinned tiles of the active workspace (channel keys, at most 2, in
   * the order pinned); replaces them first when `pins` is given. Kept in settings.json per
   * workspace. View state: nobody's act, never journaled.
   */
  'settings.multiviewPins': localSetting({
    scope: 'workstation',
    input: z.object({ pins: z.array(z.string().trim().min(1).max(64)).max(2).optional() }),
    output: returns<{ workspaceId: string; pins: string[] }>(),
    effect: 'change',
    journal: 'never',
  }),
  /**
   * The keyboard shortcut of every command offered to keys (`offer.keys`), in declaration order
   * (shared/shortcuts-model.ts, docs/dev/architecture.md, "Shortcuts"). A read: no audit record.
   */
  'settings.shortcuts': localSetting({
    scope: 'workstation',
    input: noInput,
    output: returns<{ rows: ShortcutRow[] }>(),
    effect: 'read',
  }),
  /**
   * Changes one shortcut and answers every row as `settings.shortcuts` does: `set` gives
   * `command` the key `keys` (null: no key), `reset` puts one command's (or `all`) back to the
   * declared default. Kept in settings.json as overrides of the defaults. Refused (`conflict`,
   * nothing kept) when the key is the app's own or another command's, naming what has it;
   * `invalid-input` for a command not offered to keys.
   */
  'settings.changeShortcut': localSetting({
    scope: 'workstation',
    input: z.union([
      z.object({
        set: z.object({ command: z.string().min(1).max(100), keys: shortcutText.nullable() }),
      }),
      z.object({ reset: z.string().min(1).max(100) }),
    ]),
    output: returns<{ rows: ShortcutRow[] }>(),
    effect: 'change',
  }),
});

/**
 * A change of a setting every page of this desk shows (`settings.changed`): the interface
 * language (the choice, null: the OS's, and the OS's language where main knows it, as
 * `settings.language` answers), the appearance (as `settings.appearance` answers), or the
 * keyboard shortcuts (every row, as `settings.shortcuts` answers).
 */
export type SettingsChange =
  | { setting: 'language'; language: LanguageChoice; systemLanguage: Language | null }
  | { setting: 'appearance'; appearance: Appearance }
  | { setting: 'shortcuts'; rows: ShortcutRow[] };

/** Events of the settings domain. */
export const settingsEvents = defineEvents({
  /**
   * A shared setting changed, whichever page or way in changed it: every page of this desk (the
   * main window, each pop-out window or tab) takes it at once (issue 35 §3, "Two screens").
   * This desk's own: never sent to a studio's seats.
   */
  'settings.changed': event<SettingsChange>('workstation'),
});
