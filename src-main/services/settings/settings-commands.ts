/**
 * Handlers of the settings domain (`shared/commands/settings.ts`): the interface language,
 * the operator's name, updates, notifications, keyboard shortcuts and the appearance, kept in
 * `settings.json`.
 */
import { settingsCommands, type SettingsChange } from '../../shared/commands/settings';
import { languageForLocale } from '../../shared/i18n/languages';
import { registerHandlers } from '../core/command-registry';
import { PlatformError } from '../../platform/errors';
import { say } from '../../shared/i18n/say';
import type { Settings } from './settings';
import { changeShortcuts, readShortcuts } from './shortcut-settings';
import { isTextSize } from '../../shared/appearance-model';
import { soundCueKinds, type SoundCueSettings } from '../../shared/sound-cues';
import { effectiveUpdates, type UpdatePolicy, type UpdateState } from '../../shared/updates-model';

/**
 * What the desktop app tells the settings domain of its updates (hosts/updates.ts): the
 * administrator's policy read at start, and where the updater stands. Absent in the browser
 * host, which does not update itself.
 */
export interface UpdatesInfo {
  policy: UpdatePolicy | null;
  state: () => UpdateState;
}

/** What the settings domain is registered on besides the app's settings. */
export interface SettingsReach {
  /** The OS locale (Electron's `app.getLocale()`); absent in the browser host. */
  systemLocale?: string | undefined;
  /** The OS user's name: who runs a command when the operator gave no name. */
  systemName: () => string;
  /** The desktop app's updates; absent in the browser host. */
  updates?: UpdatesInfo | undefined;
  /**
   * Pushes `settings.changed` to this desk's pages after the language, the appearance or a
   * shortcut changed, so every window and tab shows it at once.
   */
  changed: (change: SettingsChange) => void;
}

/** The settings domain, registered on the app's settings and `reach`. */
export function settingsHandlers(settings: Settings, reach: SettingsReach) {
  const { systemLocale, systemName, updates, changed } = reach;
  const languageNow = () => ({
    language: settings.language,
    systemLanguage: systemLocale ? languageForLocale(systemLocale) : null,
  });
  return registerHandlers(settingsCommands, {
    'settings.language': async ({ language }) => {
      if (language === undefined) return languageNow();
      await settings.setLanguage(language);
      const now = languageNow();
      changed({ setting: 'language', ...now });
      return now;
    },
    'settings.operatorName': async ({ name }) => {
      if (name !== undefined) await settings.setOperatorName(name ? name : null);
      return { name: settings.operatorName, systemName: systemName() };
    },
    'settings.updates': async ({ mode, url }) => {
      const policy = updates?.policy ?? null;
      // What the administrator's policy file locks is not the operator's to change, not even
      // in settings.json behind the lock (docs/security.md, "The packaged app").
      if (
        (mode !== undefined && policy?.mode !== undefined) ||
        (url !== undefined && policy?.url !== undefined)
      )
        throw new PlatformError({
          code: 'forbidden',
          ...say('validation.updateLocked', { path: policy.path }),
        });
      if (mode !== undefined || url !== undefined)
        await settings.setUpdates({
          mode: mode ?? settings.updates.mode,
          url: url === undefined ? settings.updates.url : url,
        });
      return {
        available: updates !== undefined,
        own: settings.updates,
        effective: effectiveUpdates(settings.updates, policy),
        policyPath: policy?.path ?? null,
        state: updates?.state() ?? { kind: 'off' },
      };
    },
    'settings.notifications': async ({ set }) => {
      if (set) await settings.setNotifications(set);
      return settings.notifications;
    },
    'settings.appearance': async ({ theme, textSize }) => {
      if (theme !== undefined || textSize !== undefined) {
        const kept = settings.appearance;
        const size = textSize !== undefined && isTextSize(textSize) ? textSize : kept.textSize;
        await settings.setAppearance({ theme: theme ?? kept.theme, textSize: size });
        changed({ setting: 'appearance', appearance: settings.appearance });
      }
      return settings.appearance;
    },
    'settings.sounds': async ({ set }) => {
      if (set) {
        const kept = settings.sounds;
        const changes: Partial<SoundCueSettings> = {};
        for (const kind of soundCueKinds) {
          const change = set[kind];
          if (change) changes[kind] = { ...kept[kind], ...change };
        }
        await settings.setSounds(changes);
      }
      return settings.sounds;
    },
    'settings.multiviewPins': async ({ pins }) => {
      const workspaceId = settings.activeWorkspace;
      if (pins !== undefined) await settings.setMultiviewPins(workspaceId, [...new Set(pins)]);
      return { workspaceId, pins: settings.multiviewPins(workspaceId) };
    },
    'settings.shortcuts': () => readShortcuts(settings),
    'settings.changeShortcut': async (change) => {
      const answer = await changeShortcuts(settings, change, process.platform === 'darwin');
      changed({ setting: 'shortcuts', rows: answer.rows });
      return answer;
    },
  });
}
