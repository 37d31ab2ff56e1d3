/**
 * How the interface looks on this workstation (issue 35 §2): the colour theme and the text
 * size, kept in settings.json (`settings.appearance`) and applied by the renderer
 * (src-renderer/lib/appearance.svelte.ts). The OS's forced colours (high contrast) always win
 * over the theme: the renderer's stylesheet follows `@media (forced-colors: active)`.
 */

/** The operator's theme choice: `system` follows the OS's light or dark preference. */
export const themeChoices = ['system', 'dark', 'light'] as const;

/** One theme choice. */
export type ThemeChoice = (typeof themeChoices)[number];

/** The theme shown once a choice is resolved against the OS preference. */
export type Theme = Exclude<ThemeChoice, 'system'>;

/** The text sizes Settings offers, in % of the default (14 px body text). */
export const textSizes = [100, 125, 150, 175, 200] as const;

/** One text size, in %. */
export type TextSize = (typeof textSizes)[number];

/** The appearance as settings.json keeps it. */
export interface Appearance {
  theme: ThemeChoice;
  textSize: TextSize;
}

/** What applies until the operator chooses: the OS's theme, text at 100 %. */
export const defaultAppearance: Appearance = { theme: 'system', textSize: 100 };

/** True when `value` is one of the offered text sizes. */
export function isTextSize(value: number): value is TextSize {
  return (textSizes as readonly number[]).includes(value);
}
