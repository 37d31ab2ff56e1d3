/** The languages OnAir Desk speaks, without the catalogues (the bridge and preload need only this). */

/** The languages OnAir Desk speaks. */
export const languages = ['en', 'ko'] as const;
export type Language = (typeof languages)[number];

/** The operator's choice kept in settings.json: a language, or null to follow the OS locale. */
export type LanguageChoice = Language | null;

/** The language for a BCP 47 locale (`ko-KR` -> `ko`); anything but Korean is English. */
export function languageForLocale(locale: string | null | undefined): Language {
  return locale?.toLowerCase().startsWith('ko') ? 'ko' : 'en';
}
