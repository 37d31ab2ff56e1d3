/**
 * The theme and text size on screen (issue 35 §2), as main keeps them in settings.json
 * (`settings.appearance`): read once at start, changed in the settings menu. The root element
 * carries the outcome: `data-theme` (`dark` or `light`, a choice of `system` resolved against
 * the OS's `prefers-color-scheme` and followed as it changes), `color-scheme` to match (form
 * controls and scroll bars), and `--text-scale` (1–2), which sets the root font size that every
 * `rem` in the stylesheets scales with. The OS's forced colours need nothing here: the
 * stylesheet's `@media (forced-colors: active)` follows them in any theme.
 */
import {
  defaultAppearance,
  type Appearance,
  type Theme,
  type ThemeChoice,
} from '../../src-main/shared/appearance-model';
import { call } from './bridge';

/** The media query the OS's light preference answers. */
const lightQuery = '(prefers-color-scheme: light)';

/** The appearance the renderer shows: the operator's choice and the theme it resolves to. */
export const appearance = $state<Appearance & { shown: Theme }>({
  ...defaultAppearance,
  shown: 'dark',
});

/** The theme a choice shows: `system` is light when the OS prefers light, else dark. */
export function resolveTheme(choice: ThemeChoice, prefersLight: boolean): Theme {
  if (choice === 'system') return prefersLight ? 'light' : 'dark';
  return choice;
}

/** Puts `next` on the root element and into `appearance`. */
export function applyAppearance(next: Appearance, root: HTMLElement = document.documentElement) {
  const shown = resolveTheme(next.theme, osPrefersLight());
  appearance.theme = next.theme;
  appearance.textSize = next.textSize;
  appearance.shown = shown;
  root.dataset.theme = shown;
  root.style.colorScheme = shown;
  root.style.setProperty('--text-scale', String(next.textSize / 100));
}

/**
 * Shows the OS's theme at once (before main answers), then follows its changes while the choice
 * is `system`. Answers the function that stops following.
 */
export function followSystemTheme(root: HTMLElement = document.documentElement): () => void {
  applyAppearance({ theme: appearance.theme, textSize: appearance.textSize }, root);
  const media = typeof matchMedia === 'function' ? matchMedia(lightQuery) : null;
  if (!media) return () => undefined;
  const onChange = () =>
    applyAppearance({ theme: appearance.theme, textSize: appearance.textSize }, root);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Applies the kept appearance; the OS's theme at 100 % holds if main cannot answer. */
export async function loadAppearance(): Promise<void> {
  const kept = await call('settings.appearance', {}).catch(() => null);
  if (kept) applyAppearance(kept);
}

/**
 * Keeps and applies a change of theme or text size.
 * @throws DeskCallError when main refuses or cannot write settings.json.
 */
export async function saveAppearance(change: Partial<Appearance>): Promise<void> {
  applyAppearance(await call('settings.appearance', change));
}

function osPrefersLight(): boolean {
  return typeof matchMedia === 'function' && matchMedia(lightQuery).matches;
}
