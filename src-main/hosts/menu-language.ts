/**
 * The desktop menu follows the app's language: the interface language is the operator's
 * choice in settings (`settings.language`), or the OS's when they follow it. Main learns of
 * a change by the answer to that command, whichever way it came in, so the core is wrapped
 * rather than changed.
 */
import type { Menu } from 'electron';
import type { DeskCore } from '../services/app/desk-core';
import { languages, type Language } from '../shared/i18n/languages';
import { buildMenuTemplate, type MenuOptions } from './app-menu';

/** Electron's `Menu` statics the menu is installed with. */
export type MenuApi = Pick<typeof Menu, 'buildFromTemplate' | 'setApplicationMenu'>;

/**
 * Sets the application menu in the app's language now and again whenever it changes.
 * Answers `core` wrapped to notice the changes (give that one to the transports), the
 * language now (for the app's own dialogs), and `refresh`, which builds the menu again.
 */
export async function installAppMenu(
  menu: MenuApi,
  core: DeskCore,
  options: Omit<MenuOptions, 'language'>,
): Promise<{ core: DeskCore; language: () => Language; refresh: () => void }> {
  let current: Language = 'en';
  const set = (language: Language) => {
    current = language;
    menu.setApplicationMenu(menu.buildFromTemplate(buildMenuTemplate({ ...options, language })));
  };
  const watched = watchLanguage(core, set);
  await readLanguage(watched);
  // Built again in the same language when what it shows changes (updates turned on or off).
  return { core: watched, language: () => current, refresh: () => set(current) };
}

/** The interface language an answer of `settings.language` means (English when unknown). */
export function languageOfAnswer(data: unknown): Language {
  if (typeof data !== 'object' || data === null) return 'en';
  const { language, systemLanguage } = data as Record<string, unknown>;
  const known = (value: unknown): value is Language =>
    typeof value === 'string' && (languages as readonly string[]).includes(value);
  if (known(language)) return language;
  return known(systemLanguage) ? systemLanguage : 'en';
}

/**
 * `core`, with `onLanguage` called whenever a `settings.language` command answers with a
 * language other than the last one seen (once for the first answer).
 */
export function watchLanguage(core: DeskCore, onLanguage: (language: Language) => void): DeskCore {
  let last: Language | null = null;
  return {
    ...core,
    async invoke(command, input, context) {
      const result = await core.invoke(command, input, context);
      if (command === 'settings.language' && result.ok) {
        const language = languageOfAnswer(result.data);
        if (language !== last) {
          last = language;
          onLanguage(language);
        }
      }
      return result;
    },
  };
}

/** Reads the interface language through `core` (main's own client id); English on failure. */
export async function readLanguage(core: DeskCore): Promise<Language> {
  const result = await core.invoke('settings.language', {}, { clientId: 'main' });
  return result.ok ? languageOfAnswer(result.data) : 'en';
}
