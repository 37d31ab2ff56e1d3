/**
 * The operator's keyboard shortcuts as main keeps them (settings.json): read
 * (`settings.shortcuts`, no audit record) into each window's key map (key-map.svelte.ts) at start
 * and when Settings → Keyboard shortcuts opens; changed there (`settings.changeShortcut`,
 * audited), and taken by every other page as main pushes the change (lib/shared-settings.ts).
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
 * Reads the kept shortcuts and takes them as the key map.
 * @throws DeskCallError when main cannot answer.
 */
export async function readShortcuts(): Promise<CommandOutput<'settings.shortcuts'>> {
  const answer = await call('settings.shortcuts', {});
  applyShortcutRows(answer.rows);
  return answer;
}

/**
 * Asks main for one change and takes its answer as the key map.
 * @throws DeskCallError when main refuses (a key that is taken: the message names what has it).
 */
export async function changeShortcuts(
  change: CommandInput<'settings.changeShortcut'>,
): Promise<CommandOutput<'settings.changeShortcut'>> {
  const answer = await call('settings.changeShortcut', change);
  applyShortcutRows(answer.rows);
  return answer;
}
