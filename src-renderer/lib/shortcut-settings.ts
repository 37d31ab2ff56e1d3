/**
 * The operator's keyboard shortcuts as main keeps them (settings.json): read
 * (`settings.shortcuts`, no audit record) into each window's key map (key-map.svelte.ts) at start,
 * whenever that window gets the focus and when Settings → Keyboard shortcuts opens; changed there
 * (`settings.changeShortcut`, audited).
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
 * Reads the kept shortcuts into this window's key map now and again whenever the window gets the
 * focus: a key changed in another window's Settings (the main window's, while a pop-out is open:
 * issue 35 §3) holds here before the next key pressed here. A local read, no platform call, no
 * audit record. Returns the function that stops.
 */
export function followShortcuts(target: Window = window): () => void {
  void loadShortcuts();
  const onFocus = () => void loadShortcuts();
  target.addEventListener('focus', onFocus);
  return () => target.removeEventListener('focus', onFocus);
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
