/**
 * The app's languages and one i18next instance per caller over the `en` and `ko` catalogues.
 * Pure TypeScript: the renderer (views) and main (messages it writes) both import it.
 * Catalogue strings use `{name}` placeholders and i18next's `_one` / `_other` plural keys.
 */
import i18next, { type i18n } from 'i18next';
import { en } from './en';
import { ko } from './ko';
import './i18next-types';
import { languages, type Language } from './languages';

export { languages, languageForLocale, type Language, type LanguageChoice } from './languages';

/** The catalogues by language. */
export const catalogues = { en, ko } as const;

/**
 * A ready i18next instance in `language` (resources inline, so `init` completes
 * synchronously; a missing `ko` key falls back to `en`).
 */
export function createI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...languages],
    resources: { en: { translation: en }, ko: { translation: ko } },
    initAsync: false,
    returnEmptyString: false,
    // Svelte escapes what it renders; main's messages are plain text.
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  });
  return instance;
}

export type { MessageKey, MessageRef } from './message';
