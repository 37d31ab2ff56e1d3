/**
 * The operator's keyboard shortcuts as main keeps them (`settings.shortcuts`, settings.json):
 * read once at start into the key map (key-map.svelte.ts), changed from Settings → Keyboard
 * shortcuts.
 */
import type { CommandInput, CommandOutput } from '../../src-main/shared/bridge';
import { call } from './bridge';
import { applyShortcutRows } from './key-map.svelte';

/** Reads the kept shortcuts into the key map; the declared defaults hold if main cannot answer. */
export async function loadShortcuts(): Promise<void> {
  const read = await call('settings.shortcuts', {}).catch(() => null);
  if (read) applyShortcutRows(read.rows);
}

/**
 * Asks main for one change (or a read, `{}`) and takes its answer as the key map.
 * @throws DeskCallError when main refuses (a key that is taken: the message names what has it).
 */
export async function changeShortcuts(
  change: CommandInput<'settings.shortcuts'>,
): Promise<CommandOutput<'settings.shortcuts'>> {
  const answer = await call('settings.shortcuts', change);
  applyShortcutRows(answer.rows);
  return answer;
}
