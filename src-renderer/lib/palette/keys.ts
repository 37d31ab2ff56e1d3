/**
 * The palette's own keys (docs/dev/architecture.md, "Shortcuts"): Mod+K (Ctrl+K, ⌘K on macOS)
 * opens the command palette, also from a text field; `?` (Shift+Slash) opens the shortcut
 * sheet, never while typing. Both by physical key (`KeyboardEvent.code`), so a Hangul input
 * method changes nothing, and never while an input method composes.
 */
import { isTyping, matchesChord, parseChord } from '../shortcuts';

/** The palette's shortcut, as declarations write shortcuts. */
export const paletteShortcut = 'Mod+KeyK';
/** The shortcut sheet's shortcut. */
export const sheetShortcut = 'Shift+Slash';

/**
 * Listens on `target` for the palette's and the sheet's keys; returns the function that
 * stops. `onPalette` runs on Mod+K (it toggles the palette) unless another modal dialog is
 * open (the palette's own carries `data-palette`); `onSheet` on `?` outside fields and when no
 * modal dialog is open.
 */
export function listenForPaletteKeys(
  onPalette: () => void,
  onSheet: () => void,
  target: Window = window,
  mac?: boolean,
): () => void {
  const palette = parseChord(paletteShortcut, mac);
  const sheet = parseChord(sheetShortcut, mac);
  const onKey = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing || event.repeat) return;
    if (matchesChord(event, palette)) {
      // Not over another modal question (a confirmation waits for its answer).
      if (document.querySelector('dialog[open]:not([data-palette])')) return;
      event.preventDefault();
      onPalette();
    } else if (
      matchesChord(event, sheet) &&
      !isTyping(event.target) &&
      !document.querySelector('dialog[open]')
    ) {
      event.preventDefault();
      onSheet();
    }
  };
  target.addEventListener('keydown', onKey);
  return () => target.removeEventListener('keydown', onKey);
}
