/**
 * Handlers of the settings domain (`shared/commands/settings.ts`): the interface language and
 * the operator's name, kept in `settings.json`.
 */
import { settingsCommands } from '../../shared/commands/settings';
import { languageForLocale } from '../../shared/i18n/languages';
import { registerHandlers } from '../core/command-registry';
import type { Settings } from './settings';

/**
 * The settings domain, registered on the app's settings, the OS locale (if known) and the OS
 * user's name (who runs a command when the operator gave no name).
 */
export function settingsHandlers(
  settings: Settings,
  systemLocale: string | undefined,
  systemName: () => string,
) {
  return registerHandlers(settingsCommands, {
    'settings.language': async ({ language }) => {
      if (language !== undefined) await settings.setLanguage(language);
      return {
        language: settings.language,
        systemLanguage: systemLocale ? languageForLocale(systemLocale) : null,
      };
    },
    'settings.operatorName': async ({ name }) => {
      if (name !== undefined) await settings.setOperatorName(name ? name : null);
      return { name: settings.operatorName, systemName: systemName() };
    },
    'settings.notifications': async ({ set }) => {
      if (set) await settings.setNotifications(set);
      return settings.notifications;
    },
  });
}
