/**
 * Keyboard shortcuts from the command declarations (docs/dev/architecture.md, "Commands, and every
 * way in"): a command offered to keys (`offer.keys`) runs on its key (its declared `shortcut`,
 * unless the operator changed it in Settings: key-map.svelte.ts) wherever a view that can run
 * it is on screen, through the same action as its button (so a destructive command
 * asks first), with `via: 'key'` for the audit record.
 *
 * Keys are physical (`KeyboardEvent.code`, e.g. `KeyR`), never characters: a Korean operator
 * whose input method is in Hangul mode types `ㄱ` on the R key and the shortcut still works.
 * Shortcuts are the page's own (never OS-wide hotkeys) and never fire while the operator types
 * in a field, while an input method is composing, or behind a modal dialog.
 */
import type { CommandName } from '../../src-main/shared/bridge';
import { shortcutLabel as labelOf } from '../../src-main/shared/shortcuts-model';
import { keyMap } from './key-map.svelte';

/** A parsed shortcut: the physical key and the exact modifiers held with it. */
export interface KeyChord {
  /** `KeyboardEvent.code` of the key, e.g. `KeyR`, `Digit1`, `Slash`. */
  code: string;
  shift: boolean;
  ctrl: boolean;
  alt: boolean;
  meta: boolean;
}

/** Whether this workstation is a Mac, where `Mod` is ⌘ rather than Ctrl. */
export const onMac = (): boolean =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/**
 * Parses a declared shortcut, modifiers first joined by `+` (`'Shift+KeyR'`, `'Mod+KeyK'`;
 * `Mod` is ⌘ on macOS and Ctrl elsewhere, as in `CommandMeta.shortcut`).
 * @throws Error on an unknown modifier: declarations are checked by their tests.
 */
export function parseChord(shortcut: string, mac: boolean = onMac()): KeyChord {
  const parts = shortcut.split('+');
  const code = parts.pop() ?? '';
  const chord: KeyChord = { code, shift: false, ctrl: false, alt: false, meta: false };
  for (const part of parts) {
    if (part === 'Shift') chord.shift = true;
    else if (part === 'Ctrl') chord.ctrl = true;
    else if (part === 'Alt') chord.alt = true;
    else if (part === 'Meta') chord.meta = true;
    else if (part === 'Mod') chord[mac ? 'meta' : 'ctrl'] = true;
    else throw new Error(`Unknown modifier "${part}" in shortcut "${shortcut}".`);
  }
  return chord;
}

/** Whether `event` is `chord`: the same physical key with exactly the same modifiers. */
export function matchesChord(event: KeyboardEvent, chord: KeyChord): boolean {
  return (
    event.code === chord.code &&
    event.shiftKey === chord.shift &&
    event.ctrlKey === chord.ctrl &&
    event.altKey === chord.alt &&
    event.metaKey === chord.meta
  );
}

/**
 * The shortcut of `name` now (the operator's, else the declared default) when it is offered to
 * keys and has one; else null. Reactive: read in a `$derived`, it follows a change in Settings.
 */
export function shortcutOf(name: CommandName): string | null {
  return keyMap.keys[name] ?? null;
}

/**
 * Whether a key pressed with `target` focused belongs to what the operator is typing: a text
 * field, a select, or editable content. Buttons and checkboxes do not type.
 */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target.closest('[contenteditable]:not([contenteditable="false"])')
  )
    return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    const notTyping = ['button', 'checkbox', 'radio', 'range', 'reset', 'submit', 'color', 'file'];
    return !notTyping.includes(target.type);
  }
  return false;
}

interface Binding {
  command: CommandName;
  run: () => void;
}

const bindings: Binding[] = [];

/**
 * Binds the shortcut of `command` to `run` while the calling view is on screen; the newest
 * binding of a key wins. The key is looked up on each press, so a change in Settings holds at
 * once. `run` is the view's own action for the command (the one its button runs), told that it
 * came from a key. Returns the function that unbinds, so a component calls it from `$effect`
 * and it unbinds when the component goes. A command without a key runs on none.
 */
export function bindShortcut(command: CommandName, run: () => void): () => void {
  const binding: Binding = { command, run };
  bindings.push(binding);
  return () => {
    const at = bindings.indexOf(binding);
    if (at >= 0) bindings.splice(at, 1);
  };
}

/**
 * Runs the binding `event` presses, if any, and answers whether one ran (the event is then
 * taken: `preventDefault`). Ignored: a key held down (repeat), a key typed into a field, a key
 * while an input method composes (`isComposing`), and any key while a modal dialog is open.
 */
export function dispatchShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.repeat || event.isComposing) return false;
  if (isTyping(event.target)) return false;
  if (document.querySelector('dialog[open]')) return false;
  for (let at = bindings.length - 1; at >= 0; at--) {
    const binding = bindings[at];
    const shortcut = binding ? shortcutOf(binding.command) : null;
    if (binding && shortcut && matchesChord(event, parseChord(shortcut))) {
      event.preventDefault();
      binding.run();
      return true;
    }
  }
  return false;
}

/** Listens for shortcuts on `target` (the window); returns the function that stops. */
export function listenForShortcuts(target: Window = window): () => void {
  const onKey = (event: KeyboardEvent) => void dispatchShortcut(event);
  target.addEventListener('keydown', onKey);
  return () => target.removeEventListener('keydown', onKey);
}

/**
 * A shortcut as the operator reads it and as `aria-keyshortcuts` takes it, e.g. `Shift+R`,
 * `Control+K` (`Meta+K` on macOS).
 */
export function shortcutLabel(shortcut: string, mac: boolean = onMac()): string {
  return labelOf(shortcut, mac);
}

/** Physical keys that are only modifiers: a recorded shortcut waits for the key held with them. */
const modifierCodes =
  /^(Shift|Control|Alt|Meta|OS)(Left|Right)?$|^(CapsLock|NumLock|Fn|FnLock|AltGraph)$/;

/**
 * The shortcut an operator presses while Settings records one, written as declarations write
 * them (`Shift+KeyG`; the platform's command key, Ctrl or ⌘ on macOS, as `Mod`); null while only
 * modifiers are down, or for a key with no `code`.
 */
export function shortcutFromEvent(event: KeyboardEvent, mac: boolean = onMac()): string | null {
  if (!event.code || modifierCodes.test(event.code)) return null;
  const held: string[] = [];
  if (mac ? event.metaKey : event.ctrlKey) held.push('Mod');
  if (mac && event.ctrlKey) held.push('Ctrl');
  if (!mac && event.metaKey) held.push('Meta');
  if (event.altKey) held.push('Alt');
  if (event.shiftKey) held.push('Shift');
  return [...held, event.code].join('+');
}
