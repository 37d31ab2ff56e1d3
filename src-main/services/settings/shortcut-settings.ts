/**
 * The keyboard shortcuts the operator reads and changes in Settings (`settings.shortcuts`,
 * `settings.changeShortcut`; docs/dev/architecture.md, "Shortcuts"): kept in settings.json as
 * overrides of the declared
 * defaults, a change refused before it is kept when its key is the app's own or another
 * command's (shared/shortcuts-model.ts), in the operator's words naming what has the key.
 */
import { PlatformError } from '../../platform/errors';
import { commandTextKeys } from '../../shared/command-texts';
import { commands, isCommandName } from '../../shared/bridge';
import type { CommandDecl } from '../../shared/commands/define';
import type { MessageKey } from '../../shared/i18n/message';
import { say } from '../../shared/i18n/say';
import {
  defaultShortcuts,
  effectiveShortcuts,
  holderOf,
  keyCommands,
  shortcutLabel,
  type ShortcutOverrides,
  type ShortcutRow,
} from '../../shared/shortcuts-model';
import type { Settings } from './settings';

/** What `settings.changeShortcut` may be asked: one change. */
export interface ShortcutChange {
  /** Gives `command` the key `keys` (stored order), or none (null). */
  set?: { command: string; keys: string | null };
  /** Puts `command`'s key (or every command's, `all`) back to the declared default. */
  reset?: string;
}

const table = commands as Readonly<Record<string, CommandDecl>>;

/** The title's catalogue key of a declared command. */
function titleOf(name: string): MessageKey {
  if (!isCommandName(name)) throw new Error(`${name} is not a declared command.`);
  return commandTextKeys(name).title as MessageKey;
}

/** @throws PlatformError `invalid-input` when `name` is not a command offered to keys. */
function requireKeyCommand(name: string): void {
  if (!keyCommands(table).includes(name))
    throw new PlatformError({
      code: 'invalid-input',
      ...say('shortcutSettings.errors.notOffered', { command: name }),
    });
}

/** Every command offered to keys with its key now and its default, in declaration order. */
export function shortcutRows(overrides: ShortcutOverrides): ShortcutRow[] {
  const defaults = defaultShortcuts(table);
  const effective = effectiveShortcuts(table, overrides);
  return Object.keys(defaults).map((command) => ({
    command,
    keys: effective[command] ?? null,
    defaultKeys: defaults[command] ?? null,
    changed: Object.hasOwn(overrides, command) && overrides[command] !== defaults[command],
  }));
}

/** Every row of the kept shortcuts (`settings.shortcuts`), in declaration order. */
export function readShortcuts(settings: Pick<Settings, 'shortcuts'>): { rows: ShortcutRow[] } {
  return { rows: shortcutRows(settings.shortcuts) };
}

/**
 * Applies one change to the kept shortcuts and answers every row. A key equal to the default
 * is kept as no override.
 * @param mac whether the key is named as on macOS in a refusal (`Meta` for `Mod`).
 * @throws PlatformError `conflict` naming the command (its title) or the app's own use that has
 *   the key, `invalid-input` for a command not offered to keys; nothing is kept then.
 */
export async function changeShortcuts(
  settings: Settings,
  change: ShortcutChange,
  mac: boolean,
): Promise<{ rows: ShortcutRow[] }> {
  const defaults = defaultShortcuts(table);
  let next: Record<string, string | null> = { ...settings.shortcuts };
  const without = (name: string) =>
    Object.fromEntries(Object.entries(next).filter(([other]) => other !== name));
  let changed: string | null = null;
  if (change.set) {
    const { command, keys } = change.set;
    requireKeyCommand(command);
    if (keys === defaults[command]) next = without(command);
    else next[command] = keys;
    changed = command;
  }
  if (change.reset === 'all') {
    next = {};
  } else if (change.reset !== undefined) {
    requireKeyCommand(change.reset);
    next = without(change.reset);
    changed = change.reset;
  }
  if (changed !== null) {
    const keys = Object.hasOwn(next, changed) ? (next[changed] ?? null) : defaults[changed];
    if (keys) {
      // Who has the key among the others as they are now (this command's own key left out).
      const holder = holderOf(effectiveShortcuts(table, settings.shortcuts), changed, keys);
      if (holder) {
        const key = shortcutLabel(keys, mac);
        throw new PlatformError({
          code: 'conflict',
          ...(holder.kind === 'command'
            ? say('shortcutSettings.errors.takenByCommand', {
                key,
                command: { key: titleOf(holder.command) },
              })
            : say('shortcutSettings.errors.takenByApp', { key, what: { key: holder.what } })),
        });
      }
    }
  }
  if (change.set || change.reset !== undefined) await settings.setShortcuts(next);
  return { rows: shortcutRows(settings.shortcuts) };
}
