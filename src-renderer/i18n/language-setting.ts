/**
 * The operator's language choice, kept by main in settings.json (`settings.language`):
 * read once at start, written when the operator picks a language in the settings menu.
 */
import type { LanguageChoice } from '../../src-main/shared/i18n';
import { call } from '../lib/bridge';
import { applyLanguageChoice } from './i18n.svelte';

/** Applies the stored choice; until it arrives (or when main cannot tell) the OS locale holds. */
export async function loadLanguageChoice(): Promise<void> {
  const stored = await call('settings.language', {}).catch(() => null);
  if (stored) applyLanguageChoice(stored.language, stored.systemLanguage);
}

/** Stores and applies a choice (null: follow the OS locale). @throws DeskCallError when main refuses. */
export async function saveLanguageChoice(choice: LanguageChoice): Promise<void> {
  const stored = await call('settings.language', { language: choice });
  applyLanguageChoice(stored.language, stored.systemLanguage);
}
