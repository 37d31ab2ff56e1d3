/**
 * Keyboard shortcuts from the command declarations (docs/architecture.md, "Commands, and every
 * way in"): a command that declares `shortcut` and `offer.keys` runs on its key wherever a view
 * that can run it is on screen, through the same action as its button (so a destructive command
 * asks first), with `via: 'key'` for the audit record.
 *
 * Keys are physical (`KeyboardEvent.code`, e.g. `KeyR`), never characters: a Korean operator
 * whose input method is in Hangul mode types `ㄱ` on the R key and the shortcut still works.
 * Shortcuts are the page's own (never OS-wide hotkeys) and never fire while the operator types
 * in a field, while an input method is composing, or behind a modal dialog.
 */
import { commands, type CommandName } from '../../src-main/shared/bridge';
import type { CommandDecl } from '../../src-main/shared/commands/define';

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
const onMac = (): boolean =>
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

/** The declared default shortcut of `name` when it may be offered to keys; else null. */
export function shortcutOf(name: CommandName): string | null {
  const decl = commands[name] as CommandDecl;
  return decl.offer?.keys && decl.shortcut ? decl.shortcut : null;
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
  chord: KeyChord;
  run: () => void;
}

const bindings: Binding[] = [];

/**
 * Binds the declared shortcut of `command` to `run` while the calling view is on screen; the
 * newest binding of a key wins. `run` is the view's own action for the command (the one its
 * button runs), told that it came from a key. Returns the function that unbinds, so a
 * component calls it from `$effect` and it unbinds when the component goes.
 * Does nothing for a command without a shortcut that may be offered to keys.
 */
export function bindShortcut(command: CommandName, run: () => void): () => void {
  const shortcut = shortcutOf(command);
  if (!shortcut) return () => undefined;
  const binding: Binding = { command, chord: parseChord(shortcut), run };
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
    if (binding && matchesChord(event, binding.chord)) {
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
  const names: Record<string, string> = { Ctrl: 'Control', Mod: mac ? 'Meta' : 'Control' };
  return shortcut
    .split('+')
    .map((part) => names[part] ?? part.replace(/^Key/, '').replace(/^Digit/, ''))
    .join('+');
}
