/**
 * Keyboard shortcuts the operator may change (docs/dev/architecture.md, "Shortcuts"): which commands
 * can have one (their declaration's `offer.keys`), the key each has now (the declared default
 * unless `settings.json` overrides it), and which keys are the app's own and can never be given
 * to a command. Shared by main, which refuses a conflict before it is kept, and the renderer,
 * which shows the key map and dispatches on it.
 *
 * A shortcut is written as declarations write it: physical keys (`KeyboardEvent.code`),
 * modifiers first, joined by `+` (`KeyR`, `Shift+KeyR`, `Mod+KeyK`; `Mod` is ⌘ on macOS and
 * Ctrl elsewhere). Stored in one order (Mod, Ctrl, Meta, Alt, Shift) so equal keys compare equal.
 */
import { z } from 'zod';
import type { CommandDecl } from './commands/define';
import type { MessageKey } from './i18n/message';

/** The modifiers a shortcut may hold, in the order a stored shortcut writes them. */
export const shortcutModifiers = ['Mod', 'Ctrl', 'Meta', 'Alt', 'Shift'] as const;
/** One modifier of a shortcut. */
export type ShortcutModifier = (typeof shortcutModifiers)[number];

/** The physical keys (`KeyboardEvent.code`) a shortcut may end with. */
const keyCode =
  /^(Key[A-Z]|Digit[0-9]|Numpad[0-9]|F([1-9]|1[0-9]|2[0-4])|Backquote|Minus|Equal|BracketLeft|BracketRight|Backslash|Semicolon|Quote|Comma|Period|Slash|IntlBackslash|IntlRo|IntlYen|NumpadAdd|NumpadSubtract|NumpadMultiply|NumpadDivide|NumpadDecimal|Insert|Delete|Home|End|PageUp|PageDown|Enter|Space|Tab|Escape|Backspace|Arrow(Up|Down|Left|Right))$/;

/** A shortcut split into its modifiers and its physical key. */
export interface ShortcutParts {
  modifiers: ReadonlySet<ShortcutModifier>;
  /** `KeyboardEvent.code`, e.g. `KeyR`. */
  code: string;
}

/**
 * Splits a shortcut, or null when it is not one: an unknown modifier, one given twice, or a key
 * outside the physical keys a shortcut may use.
 */
export function shortcutParts(shortcut: string): ShortcutParts | null {
  const parts = shortcut.split('+');
  const code = parts.pop() ?? '';
  if (!keyCode.test(code)) return null;
  const modifiers = new Set<ShortcutModifier>();
  for (const part of parts) {
    const modifier = shortcutModifiers.find((m) => m === part);
    if (!modifier || modifiers.has(modifier)) return null;
    modifiers.add(modifier);
  }
  return { modifiers, code };
}

/** A shortcut written in the stored order of its modifiers (`Shift+Mod+KeyZ` → `Mod+Shift+KeyZ`). */
export function canonicalShortcut(parts: ShortcutParts): string {
  return [...shortcutModifiers.filter((m) => parts.modifiers.has(m)), parts.code].join('+');
}

/**
 * A shortcut as the bridge and `settings.json` take it: validated, then written in the stored
 * order. At most 60 characters.
 */
export const shortcutText = z
  .string()
  .max(60)
  .transform((text, context) => {
    const parts = shortcutParts(text);
    if (!parts) {
      context.addIssue({ code: 'custom', message: 'This is not a key a shortcut can use.' });
      return z.NEVER;
    }
    return canonicalShortcut(parts);
  });

/** The exact modifiers a shortcut holds on one kind of workstation (`Mod` resolved). */
function heldOn(parts: ShortcutParts, mac: boolean): string {
  const held = new Set<string>(
    [...parts.modifiers].map((m) => (m === 'Mod' ? (mac ? 'Meta' : 'Ctrl') : m)),
  );
  return [...['Ctrl', 'Meta', 'Alt', 'Shift'].filter((m) => held.has(m)), parts.code].join('+');
}

/**
 * Whether two shortcuts are the same keys on a Mac or on another workstation (`Mod+KeyK` and
 * `Ctrl+KeyK` are the same keys outside macOS): main does not know every workstation a
 * settings file will be used on, so either counts.
 */
export function sameKeys(a: string, b: string): boolean {
  const first = shortcutParts(a);
  const second = shortcutParts(b);
  if (!first || !second) return false;
  return [true, false].some((mac) => heldOn(first, mac) === heldOn(second, mac));
}

/** Punctuation keys by the character they carry on a US layout (what the operator reads). */
const punctuation: Record<string, string> = {
  Backquote: '`',
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  Semicolon: ';',
  Quote: "'",
  Comma: ',',
  Period: '.',
  Slash: '/',
};

/**
 * A shortcut as the operator reads it and as `aria-keyshortcuts` takes it, e.g. `Shift+R`,
 * `Control+K` (`Meta+K` on macOS), `Shift+/`.
 */
export function shortcutLabel(shortcut: string, mac: boolean): string {
  const names: Record<string, string> = {
    Ctrl: 'Control',
    Mod: mac ? 'Meta' : 'Control',
    ...punctuation,
  };
  return shortcut
    .split('+')
    .map((part) => names[part] ?? part.replace(/^Key/, '').replace(/^Digit/, ''))
    .join('+');
}

/**
 * The keys that are the app's own and never a command's: the palette's and the sheet's, the
 * moving-around keys (src-renderer/lib/nav-keys.ts), the keys of focus and dialogs, the
 * desktop menu's accelerators on every platform (hosts/app-menu.ts; app-menu.test.ts checks
 * each is here) and the keys a web browser keeps from the page (the browser host), with the
 * catalogue key of what each does. A command bound to one of them would never hear it.
 */
export const fixedShortcuts: readonly { keys: string; what: MessageKey }[] = [
  { keys: 'Mod+KeyK', what: 'shortcutSheet.palette' },
  { keys: 'Shift+Slash', what: 'shortcutSheet.sheet' },
  { keys: 'Slash', what: 'shortcutSheet.search' },
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((n) => [
    { keys: `Shift+Digit${n}`, what: 'shortcutSheet.viewN' as const },
    { keys: `Digit${n}`, what: 'shortcutSheet.channelN' as const },
  ]),
  // Shift+0: the tenth view.
  { keys: 'Shift+Digit0', what: 'shortcutSheet.viewN' },
  { keys: 'Tab', what: 'shortcutSettings.fixed.focus' },
  { keys: 'Shift+Tab', what: 'shortcutSettings.fixed.focus' },
  { keys: 'Enter', what: 'shortcutSettings.fixed.press' },
  { keys: 'Space', what: 'shortcutSettings.fixed.press' },
  { keys: 'Escape', what: 'shortcutSettings.fixed.close' },
  ...['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'].map(
    (keys) => ({ keys, what: 'shortcutSettings.fixed.lists' as const }),
  ),
  ...['KeyZ', 'Shift+KeyZ', 'KeyX', 'KeyC', 'KeyV', 'KeyA'].map((keys) => ({
    keys: `Mod+${keys}`,
    what: 'shortcutSettings.fixed.edit' as const,
  })),
  ...['KeyQ', 'KeyW', 'KeyM', 'KeyH', 'KeyR', 'Shift+KeyR', 'Digit0', 'Equal', 'Minus'].map(
    (keys) => ({ keys: `Mod+${keys}`, what: 'shortcutSettings.fixed.menu' as const }),
  ),
  { keys: 'F11', what: 'shortcutSettings.fixed.menu' },
  { keys: 'Ctrl+Shift+KeyI', what: 'shortcutSettings.fixed.menu' },
  // macOS: hide others, paste and match style, full screen, the developer tools.
  ...['Mod+Alt+KeyH', 'Mod+Alt+Shift+KeyV', 'Mod+Ctrl+KeyF', 'Mod+Alt+KeyI'].map((keys) => ({
    keys,
    what: 'shortcutSettings.fixed.menu' as const,
  })),
  // The browser's own (new tab and window, reopen a tab, next tab, the address bar, reload).
  ...[
    ...['Mod+KeyT', 'Mod+KeyN', 'Mod+Shift+KeyT', 'Mod+Shift+KeyN', 'Mod+KeyL'],
    ...['Ctrl+Tab', 'Ctrl+Shift+Tab', 'F5'],
  ].map((keys) => ({ keys, what: 'shortcutSettings.fixed.browser' as const })),
];

/** A command's shortcut overrides as `settings.json` keeps them: null means no key. */
export type ShortcutOverrides = Readonly<Record<string, string | null>>;

/** The commands whose declaration offers them to keys (`offer.keys`), in declaration order. */
export function keyCommands(decls: Readonly<Record<string, CommandDecl>>): string[] {
  return Object.entries(decls)
    .filter(([, decl]) => decl.offer?.keys === true)
    .map(([name]) => name);
}

/** The declared default shortcut of each command offered to keys (null: none declared). */
export function defaultShortcuts(
  decls: Readonly<Record<string, CommandDecl>>,
): Record<string, string | null> {
  return Object.fromEntries(
    keyCommands(decls).map((name) => [name, decls[name]?.shortcut ?? null]),
  );
}

/**
 * The key each command offered to keys has now: its override, else its declared default.
 * Overrides of commands no longer offered to keys, and overrides that are no shortcut, are left
 * out. A key can belong to one command
 * only: should a settings file (edited by hand, or kept from a version with other defaults)
 * give one key twice, or an app's own key, the operator's overrides come first and in
 * declaration order; a later holder of the key is shown without one.
 */
export function effectiveShortcuts(
  decls: Readonly<Record<string, CommandDecl>>,
  overrides: ShortcutOverrides,
): Record<string, string | null> {
  const defaults = defaultShortcuts(decls);
  const names = Object.keys(defaults);
  const out: Record<string, string | null> = Object.fromEntries(names.map((n) => [n, null]));
  const taken: string[] = fixedShortcuts.map((fixed) => fixed.keys);
  const give = (name: string, keys: string | null) => {
    if (keys === null || taken.some((other) => sameKeys(other, keys))) return;
    out[name] = keys;
    taken.push(keys);
  };
  // An override that is not a shortcut (a file edited by hand) counts as none.
  const own = (name: string) =>
    Object.hasOwn(overrides, name) &&
    (overrides[name] === null || shortcutParts(overrides[name] ?? '') !== null);
  for (const name of names) if (own(name)) give(name, overrides[name] ?? null);
  for (const name of names) if (!own(name)) give(name, defaults[name] ?? null);
  return out;
}

/** Who already has a key: another command (by name), or the app itself (what the key does). */
export type ShortcutHolder =
  { kind: 'command'; command: string } | { kind: 'app'; what: MessageKey };

/**
 * Who already has `keys`, other than `command`: an app's own key first, then another command's
 * key in `effective`; null when the key is free for `command`.
 */
export function holderOf(
  effective: Readonly<Record<string, string | null>>,
  command: string,
  keys: string,
): ShortcutHolder | null {
  const fixed = fixedShortcuts.find((entry) => sameKeys(entry.keys, keys));
  if (fixed) return { kind: 'app', what: fixed.what };
  const other = Object.entries(effective).find(
    ([name, held]) => name !== command && held !== null && sameKeys(held, keys),
  );
  return other ? { kind: 'command', command: other[0] } : null;
}

/** What `settings.shortcuts` answers: every command offered to keys, in declaration order. */
export interface ShortcutRow {
  /** The command's name, e.g. `broadcast.startRecording`. */
  command: string;
  /** Its key now; null: none. */
  keys: string | null;
  /** Its declared default; null: none declared. */
  defaultKeys: string | null;
  /** Whether settings.json overrides the default. */
  changed: boolean;
}
