/**
 * The moving-around keys as a keyboard sends them: Shift+digit opens a view by its place,
 * a digit focuses a channel, `/` the search; by physical key (a Hangul input method or another
 * layout changes nothing), never while typing, composing, repeating or behind a dialog.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { listenForNavKeys, navKeyOf, navKeyRowsIn, type NavKey } from './nav-keys';

function key(init: KeyboardEventInit, target: EventTarget = document.body): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

afterEach(() => document.body.replaceChildren());

describe('moving-around keys', () => {
  it('reads digits, Shift+digits and the slash by physical key', () => {
    expect(navKeyOf(key({ key: '3', code: 'Digit3' }))).toEqual({ kind: 'channel', index: 2 });
    // Shift+2 types @ on a US layout and " on others: the physical key decides.
    expect(navKeyOf(key({ key: '@', code: 'Digit2', shiftKey: true }))).toEqual({
      kind: 'view',
      index: 1,
    });
    expect(navKeyOf(key({ key: '/', code: 'Slash' }))).toEqual({ kind: 'search' });
    // `?` is Shift+Slash: the shortcut sheet's, not search.
    expect(navKeyOf(key({ key: '?', code: 'Slash', shiftKey: true }))).toBeNull();
    expect(navKeyOf(key({ key: '0', code: 'Digit0' }))).toBeNull();
    // Shift+0 is the tenth view (the Rehearsal in the sandbox, after the Multiview).
    expect(navKeyOf(key({ key: ')', code: 'Digit0', shiftKey: true }))).toEqual({
      kind: 'view',
      index: 9,
    });
  });

  it('leaves typing, composing, repeats, modified keys and open dialogs alone', () => {
    const field = document.body.appendChild(document.createElement('input'));
    expect(navKeyOf(key({ key: '1', code: 'Digit1' }, field))).toBeNull();
    expect(navKeyOf(key({ key: '1', code: 'Digit1', isComposing: true }))).toBeNull();
    expect(navKeyOf(key({ key: '1', code: 'Digit1', repeat: true }))).toBeNull();
    expect(navKeyOf(key({ key: '1', code: 'Digit1', ctrlKey: true }))).toBeNull();
    expect(navKeyOf(key({ key: '1', code: 'Digit1', altKey: true }))).toBeNull();
    const dialog = document.body.appendChild(document.createElement('dialog'));
    dialog.setAttribute('open', '');
    expect(navKeyOf(key({ key: '1', code: 'Digit1' }))).toBeNull();
  });

  it('runs only the keys the listener wants, and prevents only their default', () => {
    const got: NavKey[] = [];
    const stop = listenForNavKeys(
      (k) => k.kind === 'view' && k.index < 3,
      (k) => got.push(k),
    );
    const taken = key({ key: '!', code: 'Digit1', shiftKey: true });
    const left = key({ key: '(', code: 'Digit9', shiftKey: true });
    const channel = key({ key: '1', code: 'Digit1' });
    stop();
    key({ key: '@', code: 'Digit2', shiftKey: true });
    expect(got).toEqual([{ kind: 'view', index: 0 }]);
    expect([taken.defaultPrevented, left.defaultPrevented, channel.defaultPrevented]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('lists in a pop-out the view keys as the main window’s, and the search only in a control room', () => {
    const titles = (popOut: Parameters<typeof navKeyRowsIn>[0]) =>
      navKeyRowsIn(popOut).map((row) => row.title);
    expect(titles(null)).toEqual([
      'shortcutSheet.viewN',
      'shortcutSheet.channelN',
      'shortcutSheet.search',
    ]);
    expect(titles('control-room')).toEqual([
      'shortcutSheet.viewNInMain',
      'shortcutSheet.channelN',
      'shortcutSheet.search',
    ]);
    expect(titles('multiview')).toEqual(['shortcutSheet.viewNInMain', 'shortcutSheet.channelN']);
  });
});
