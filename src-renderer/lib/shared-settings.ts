/**
 * The settings every page of this desk shows (issue 35 §3, "Two screens"): the interface
 * language, the theme and text size, and the keyboard shortcuts. A page reads each once at start
 * (`settings.language`, `settings.appearance`, `settings.shortcuts`: local reads, no platform
 * call) and then takes main's `settings.changed`, which main pushes to every page of this desk
 * (the main window, each pop-out window or tab) whichever page or way in changed a setting: one
 * mechanism for every window, so an open pop-out follows the main window's Settings at once.
 */
import type { EventMap } from '../../src-main/shared/bridge';
import { loadLanguageChoice } from '../i18n/language-setting';
import { applyLanguageChoice } from '../i18n/i18n.svelte';
import { applyAppearance, loadAppearance } from './appearance.svelte';
import { desk } from './bridge';
import { applyShortcutRows } from './key-map.svelte';
import { loadShortcuts } from './shortcut-settings';

/**
 * Reads the shared settings and follows their changes; answers the function that stops. Until
 * main answers, the OS's language and theme and the declared shortcuts hold.
 */
export function followSharedSettings(): () => void {
  // Listening first: a change made while the reads are under way is not lost.
  const off = desk.on('settings.changed', applySettingsChange);
  void loadLanguageChoice();
  void loadAppearance();
  void loadShortcuts();
  return off;
}

/** Shows one change main pushed. */
export function applySettingsChange(change: EventMap['settings.changed']): void {
  if (change.setting === 'language') applyLanguageChoice(change.language, change.systemLanguage);
  else if (change.setting === 'appearance') applyAppearance(change.appearance);
  else applyShortcutRows(change.rows);
}
