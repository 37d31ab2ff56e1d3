/**
 * The effective keyboard shortcut of every command offered to keys (docs/dev/architecture.md,
 * "Shortcuts"): the declared defaults until main's answer of `settings.shortcuts` arrives, then
 * what the operator kept in settings.json. The dispatcher, the `?` sheet, the palette and the
 * buttons' tooltips read it, so a change in Settings holds everywhere at once.
 */
import { commands } from '../../src-main/shared/bridge';
import type { CommandDecl } from '../../src-main/shared/commands/define';
import { effectiveShortcuts, type ShortcutRow } from '../../src-main/shared/shortcuts-model';

const table = commands as Readonly<Record<string, CommandDecl>>;

/** Command name → its shortcut now (null: none); only commands offered to keys are present. */
export const keyMap = $state<{ keys: Record<string, string | null> }>({
  keys: effectiveShortcuts(table, {}),
});

/** Takes main's answer of `settings.shortcuts` as the key map. */
export function applyShortcutRows(rows: readonly ShortcutRow[]): void {
  keyMap.keys = Object.fromEntries(rows.map((row) => [row.command, row.keys]));
}

/** Puts the declared defaults back (tests; a workspace never changes the key map). */
export function resetKeyMap(): void {
  keyMap.keys = effectiveShortcuts(table, {});
}
