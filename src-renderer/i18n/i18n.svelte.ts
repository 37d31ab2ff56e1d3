/**
 * The renderer's i18n: one i18next instance over the shared `en` and `ko` catalogues
 * (src-main/shared/i18n), and a Svelte rune that makes every `t(...)` in a template follow
 * a language change. The language starts from the OS locale (`navigator.language`) and
 * then from the choice kept in settings.json (see {@link applyLanguageChoice}).
 */
import type { TFunction } from 'i18next';
import {
  createI18n,
  languageForLocale,
  type Language,
  type LanguageChoice,
  type MessageRef,
} from '../../src-main/shared/i18n';
import { resolveParams } from '../../src-main/shared/i18n/message';

/** The OS locale as the renderer sees it (unit tests run without a navigator: English). */
const osLocale = (): string | undefined =>
  typeof navigator === 'undefined' ? undefined : navigator.language;

const instance = createI18n(languageForLocale(osLocale()));
const state = $state<{ language: Language; choice: LanguageChoice }>({
  language: instance.language === 'ko' ? 'ko' : 'en',
  choice: null,
});
if (typeof document !== 'undefined') document.documentElement.lang = state.language;

/** The language in use; reading it subscribes the caller to changes. */
function current(): Language {
  return state.language;
}

/**
 * Translates a catalogue key, typed by the `en` catalogue. Reading it in a template or a
 * `$derived` re-runs when the language changes.
 */
export const t = ((...args: unknown[]) => {
  // Read the rune so Svelte re-renders this call on a language change.
  void current();
  return (instance.t as unknown as (...a: unknown[]) => string)(...args);
}) as unknown as TFunction;

/** The message of a main-side {@link MessageRef} in the operator's language. */
export function tMessage(message: MessageRef): string {
  void current();
  return (instance.t as unknown as (key: string, params?: object) => string)(
    message.key,
    resolveParams(message.params, tMessage),
  );
}

/** The language in use and the operator's stored choice (null: follow the OS locale). */
export const locale = {
  get language(): Language {
    return state.language;
  },
  get choice(): LanguageChoice {
    return state.choice;
  },
};

/**
 * Applies a language choice: a language, or null to follow the system's, which is main's
 * OS locale where main knows it (Electron's `app.getLocale()`), else `navigator.language`.
 */
export function applyLanguageChoice(
  choice: LanguageChoice,
  systemLanguage: Language | null = null,
): void {
  const language = choice ?? systemLanguage ?? languageForLocale(osLocale());
  state.choice = choice;
  if (language === state.language) return;
  void instance.changeLanguage(language);
  state.language = language;
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
