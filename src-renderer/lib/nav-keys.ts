/**
 * The app's moving-around keys (docs/dev/architecture.md, "Shortcuts"), beside the declared
 * command shortcuts: they run no command, so they are not declarations.
 *
 * - Shift+1 … Shift+9: open the view at that place in the top bar (Control room first);
 *   Shift+0 the tenth;
 * - 1 … 9: in the control room, focus the channel at that place in its channel list;
 * - `/`: in the control room, put the cursor in the channel search.
 *
 * Matched by physical key (`KeyboardEvent.code`: `Digit1`, `Slash`), so the keyboard layout and
 * a Hangul input method change nothing; never while typing in a field, while an input method
 * composes, on a key repeat, with Ctrl, Alt or ⌘ held, or behind an open dialog. The menu's
 * accelerators leave bare digits and `/` to the page (hosts/app-menu.ts).
 */
import type { PopOutKind } from '../../src-main/shared/pop-out-model';
import { isTyping } from './shortcuts';

/** What a key asks: a view by its place, a channel by its place (both 0-based), or search. */
export type NavKey =
  { kind: 'view'; index: number } | { kind: 'channel'; index: number } | { kind: 'search' };

/** The keys as the shortcut sheet shows them, with their catalogue keys. */
export const navKeyRows = [
  { keys: 'Shift+1…9, 0', title: 'shortcutSheet.viewN' },
  { keys: '1…9', title: 'shortcutSheet.channelN' },
  { keys: '/', title: 'shortcutSheet.search' },
] as const;

/** One row of {@link navKeyRows}. */
type NavKeyRow = (typeof navKeyRows)[number];

/**
 * The rows of the keys that work in a window showing `popOut` (null: the main window). A pop-out
 * has no top bar: its Shift+1 … 9, 0 open the view at that place in the main window's
 * (`window.showMainView`, App.svelte); a popped-out Multiview has no channel search, and its
 * 1 … 9 focus the channel in the control room.
 */
export function navKeyRowsIn(
  popOut: PopOutKind | null,
): readonly { keys: string; title: 'shortcutSheet.viewNInMain' | NavKeyRow['title'] }[] {
  if (popOut === null) return navKeyRows;
  return navKeyRows.flatMap((row) => {
    if (row.keys === '/' && popOut !== 'control-room') return [];
    return [
      row.title === 'shortcutSheet.viewN'
        ? { ...row, title: 'shortcutSheet.viewNInMain' as const }
        : row,
    ];
  });
}

/**
 * What `event` asks, or null when it is none of the keys or must be left alone (typing in a
 * field, composing, a repeat, Ctrl/Alt/⌘ held, a modal dialog open, already handled).
 */
export function navKeyOf(event: KeyboardEvent): NavKey | null {
  if (event.defaultPrevented || event.isComposing || event.repeat) return null;
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  if (isTyping(event.target) || document.querySelector('dialog[open]')) return null;
  if (event.code === 'Digit0' && event.shiftKey) return { kind: 'view', index: 9 };
  const digit = /^Digit([1-9])$/.exec(event.code);
  if (digit) {
    const index = Number(digit[1]) - 1;
    return event.shiftKey ? { kind: 'view', index } : { kind: 'channel', index };
  }
  if (event.code === 'Slash' && !event.shiftKey) return { kind: 'search' };
  return null;
}

/**
 * Listens on `target` for the keys `wanted` accepts and runs `run` with them (the key's
 * default is prevented only when `run` takes it); returns the function that stops.
 */
export function listenForNavKeys(
  wanted: (key: NavKey) => boolean,
  run: (key: NavKey) => void,
  target: Window = window,
): () => void {
  const onKey = (event: KeyboardEvent) => {
    const key = navKeyOf(event);
    if (!key || !wanted(key)) return;
    event.preventDefault();
    run(key);
  };
  target.addEventListener('keydown', onKey);
  return () => target.removeEventListener('keydown', onKey);
}
