/**
 * Handlers of the settings domain (`shared/commands/settings.ts`): the interface language,
 * kept in `settings.json`.
 */
import { settingsCommands } from '../../shared/commands/settings';
import { languageForLocale } from '../../shared/i18n/languages';
import { registerHandlers } from '../core/command-registry';
import type { Settings } from './settings';

/** The settings domain, registered on the app's settings and the OS locale (if known). */
export function settingsHandlers(settings: Settings, systemLocale: string | undefined) {
  return registerHandlers(settingsCommands, {
    'settings.language': async ({ language }) => {
      if (language !== undefined) await settings.setLanguage(language);
      return {
        language: settings.language,
        systemLanguage: systemLocale ? languageForLocale(systemLocale) : null,
      };
    },
  });
}
