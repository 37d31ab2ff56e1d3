/**
 * Settings → Keyboard shortcuts as the operator meets it: every command offered to keys with
 * its category, key and default; "Change" records the next physical keys (a Hangul input method
 * changes nothing; modifiers alone wait; Esc cancels), and the new key is at once the one the
 * dispatcher runs and the old one is not; a key another command has is refused with main's
 * words naming it; "Reset all to defaults" puts the declared keys back; Korean labels.
 *
 * The bridge (`window.desk`) is a typed fake that runs main's own handler
 * (services/settings/shortcut-settings.ts) on settings kept in memory, so the refusals are
 * main's; settings.json and the pipeline are settings-shortcuts.test.ts's.
 */
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { tick } from 'svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeskBridge } from '../../../src-main/shared/bridge';
import type { ShortcutOverrides } from '../../../src-main/shared/shortcuts-model';

const sent = vi.hoisted((): { command: string; input: unknown }[] => []);
const kept = vi.hoisted(() => ({ overrides: {} }));
vi.hoisted(() => {
  const fake: Pick<DeskBridge, 'host'> & Record<string, unknown> = {
    host: 'browser',
    invoke: async (command: string, input: unknown) => {
      sent.push({ command, input });
      const { changeShortcuts, readShortcuts } =
        await import('../../../src-main/services/settings/shortcut-settings');
      const { PlatformError } = await import('../../../src-main/platform/errors');
      const { commands } = await import('../../../src-main/shared/bridge');
      const read = command === 'settings.shortcuts';
      if (!read && command !== 'settings.changeShortcut') throw new Error(`unexpected ${command}`);
      const parsed = read ? null : commands['settings.changeShortcut'].input.parse(input);
      const settings = {
        get shortcuts(): ShortcutOverrides {
          return kept.overrides;
        },
        setShortcuts: (next: ShortcutOverrides) => {
          kept.overrides = { ...next };
          return Promise.resolve();
        },
      };
      try {
        // Only the two members the handler reads.
        const data = parsed
          ? await changeShortcuts(settings as Parameters<typeof changeShortcuts>[0], parsed, false)
          : readShortcuts(settings);
        return { ok: true, data };
      } catch (error) {
        if (error instanceof PlatformError) return { ok: false, error: error.error };
        throw error;
      }
    },
    on: () => () => undefined,
    filePaths: () => Promise.resolve({ ok: true, data: [] }),
  };
  (globalThis as unknown as { window: { desk?: unknown } }).window.desk = fake;
});

const { applyLanguageChoice } = await import('../../i18n/i18n.svelte');
const { bindShortcut, listenForShortcuts, shortcutOf } = await import('../../lib/shortcuts');
const { resetKeyMap } = await import('../../lib/key-map.svelte');
const { default: ShortcutSettings } = await import('./ShortcutSettings.svelte');

let ran: string[] = [];
const stops: (() => void)[] = [];

beforeEach(() => {
  sent.length = 0;
  kept.overrides = {};
  ran = [];
  resetKeyMap();
  stops.push(listenForShortcuts(window));
  stops.push(bindShortcut('broadcast.startRecording', () => ran.push('start')));
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  applyLanguageChoice('en');
});

/** A key as the OS delivers it, on `target` (bubbling to the window). */
function key(target: EventTarget, init: KeyboardEventInit) {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

function row(title: string): HTMLElement {
  const header = screen.getByRole('rowheader', { name: title });
  const found = header.closest('tr');
  if (!found) throw new Error(`no row for ${title}`);
  return found;
}

/** Opens the dialog; answers the function that closes it (keys behind a dialog run nothing). */
async function opened(): Promise<() => void> {
  const { unmount } = render(ShortcutSettings, { open: true, onClose: () => undefined });
  await vi.waitFor(() => expect(screen.getByRole('rowheader', { name: 'Start recording' })));
  return unmount;
}

describe('Settings → Keyboard shortcuts', () => {
  it('lists every command offered to keys with its category, key and default', async () => {
    await opened();
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(
      within(dialog)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Start recording', 'Stop recording', 'Set cue point now']);
    const stop = row('Stop recording');
    expect(stop.textContent).toContain('Control room');
    expect(within(stop).getAllByText('Shift+R')).toHaveLength(2);
    expect(sent).toEqual([{ command: 'settings.shortcuts', input: {} }]);
  });

  it('records a new key by its physical key; the old key then runs nothing', async () => {
    const close = await opened();
    const change = screen.getByRole('button', { name: 'Change the key of Start recording' });
    await fireEvent.click(change);
    expect(within(row('Start recording')).getByText('Press the keys… Esc cancels')).toBeTruthy();
    // Shift alone waits for the key held with it; in Hangul mode G types ㅎ.
    key(change, { key: 'Shift', code: 'ShiftLeft', shiftKey: true });
    expect(sent).toHaveLength(1);
    const pressed = key(change, { key: 'ㅎ', code: 'KeyG', shiftKey: true });
    expect(pressed.defaultPrevented).toBe(true);
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Start recording: Shift+G'),
    );
    expect(sent.at(-1)?.input).toEqual({
      set: { command: 'broadcast.startRecording', keys: 'Shift+KeyG' },
    });
    expect(kept.overrides).toEqual({ 'broadcast.startRecording': 'Shift+KeyG' });
    expect(shortcutOf('broadcast.startRecording')).toBe('Shift+KeyG');
    // Recording took the key: it ran nothing. Closed, Shift+G runs the command, R does not.
    expect(ran).toEqual([]);
    close();
    key(document.body, { key: 'ㄱ', code: 'KeyR' });
    expect(ran).toEqual([]);
    key(document.body, { key: 'ㅎ', code: 'KeyG', shiftKey: true });
    expect(ran).toEqual(['start']);
  });

  it('shows main refusing a key another command has, and changes nothing', async () => {
    await opened();
    const change = screen.getByRole('button', { name: 'Change the key of Set cue point now' });
    await fireEvent.click(change);
    key(change, { key: 'ㄱ', code: 'KeyR' });
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Not changed: R is already the shortcut of “Start recording”. Give that command another key first.',
      ),
    );
    expect(kept.overrides).toEqual({});
    expect(within(row('Set cue point now')).getAllByText('C')).toHaveLength(2);
    expect(shortcutOf('broadcast.setCuePoint')).toBe('KeyC');
  });

  it('cancels recording on Esc, clears a key, and resets all to the defaults', async () => {
    await opened();
    const change = screen.getByRole('button', { name: 'Change the key of Start recording' });
    await fireEvent.click(change);
    key(change, { key: 'Escape', code: 'Escape' });
    await tick();
    expect(within(row('Start recording')).queryByText('Press the keys… Esc cancels')).toBeNull();
    expect(sent).toHaveLength(1);

    // Tab moves on as everywhere: it ends recording, is not recorded, and is not held back.
    await fireEvent.click(change);
    const tab = key(change, { key: 'Tab', code: 'Tab' });
    await tick();
    expect(tab.defaultPrevented).toBe(false);
    expect(within(row('Start recording')).queryByText('Press the keys… Esc cancels')).toBeNull();
    expect(sent).toHaveLength(1);

    await fireEvent.click(screen.getByRole('button', { name: 'Clear the key of Start recording' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Start recording: no key'),
    );
    expect(shortcutOf('broadcast.startRecording')).toBeNull();

    await fireEvent.click(screen.getByRole('button', { name: 'Reset all to defaults' }));
    await vi.waitFor(() => expect(shortcutOf('broadcast.startRecording')).toBe('KeyR'));
    expect(kept.overrides).toEqual({});
    expect(within(row('Start recording')).getAllByText('R')).toHaveLength(2);
  });

  it('speaks Korean', async () => {
    applyLanguageChoice('ko');
    render(ShortcutSettings, { open: true, onClose: () => undefined });
    await vi.waitFor(() => expect(screen.getByRole('rowheader', { name: '녹화 시작' })));
    expect(screen.getByRole('dialog', { name: '단축키' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '모두 기본값으로 되돌리기' })).toBeTruthy();
    const change = screen.getByRole('button', { name: '지금 큐 포인트 설정의 키 변경' });
    await fireEvent.click(change);
    key(change, { key: '?', code: 'Slash', shiftKey: true });
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        '변경하지 못했습니다: Shift+/ 키는 앱이 쓰는 키(이 단축키 목록 보기)라 명령에 지정할 수 없습니다.',
      ),
    );
  });
});
