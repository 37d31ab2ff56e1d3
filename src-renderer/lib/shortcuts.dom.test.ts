/**
 * Declared shortcuts as a keyboard sends them: physical keys whatever the input method types
 * (a Hangul input method gives ㄱ for R), never into a field, never while composing, never
 * behind a modal dialog.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bindShortcut,
  dispatchShortcut,
  listenForShortcuts,
  parseChord,
  shortcutLabel,
  shortcutOf,
} from './shortcuts';

let stop: () => void;
let ran: string[];
const unbind: (() => void)[] = [];

beforeEach(() => {
  ran = [];
  stop = listenForShortcuts(window);
  unbind.push(bindShortcut('broadcast.startRecording', () => ran.push('start')));
  unbind.push(bindShortcut('broadcast.stopRecording', () => ran.push('stop')));
});

afterEach(() => {
  stop();
  for (const off of unbind.splice(0)) off();
  document.body.replaceChildren();
});

/** A keydown as the OS delivers it to `target`, bubbling to the window. */
function press(target: EventTarget, init: KeyboardEventInit): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

describe('shortcuts from the declarations', () => {
  it('reads the declared keys', () => {
    expect(shortcutOf('broadcast.startRecording')).toBe('KeyR');
    expect(shortcutOf('broadcast.stopRecording')).toBe('Shift+KeyR');
    expect(shortcutOf('channels.list')).toBeNull();
    expect(shortcutLabel('Shift+KeyR')).toBe('Shift+R');
    expect(shortcutLabel('Mod+KeyK', false)).toBe('Control+K');
    expect(parseChord('Mod+KeyK', true)).toMatchObject({ code: 'KeyK', meta: true, ctrl: false });
    expect(parseChord('Mod+KeyK', false)).toMatchObject({ code: 'KeyK', meta: false, ctrl: true });
    expect(() => parseChord('Hyper+KeyR')).toThrow(/Unknown modifier/);
  });

  it('runs on the physical key whatever character the input method makes', () => {
    const latin = press(document.body, { key: 'r', code: 'KeyR' });
    press(document.body, { key: 'ㄱ', code: 'KeyR' });
    // A Hangul input method may also report the key as "Process" (keyCode 229).
    press(document.body, { key: 'Process', code: 'KeyR' });
    expect(ran).toEqual(['start', 'start', 'start']);
    expect(latin.defaultPrevented).toBe(true);
  });

  it('tells R from Shift+R, and a modifier it does not declare from none', () => {
    press(document.body, { key: 'ㄲ', code: 'KeyR', shiftKey: true });
    press(document.body, { key: 'r', code: 'KeyR', ctrlKey: true });
    press(document.body, { key: 'ㄱ', code: 'KeyG' });
    expect(ran).toEqual(['stop']);
  });

  it('never fires while the operator types, composes, holds a key or answers a dialog', () => {
    const field = document.createElement('input');
    const notes = document.createElement('textarea');
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    const check = document.createElement('input');
    check.type = 'checkbox';
    document.body.append(field, notes, editable, check);
    for (const target of [field, notes, editable])
      expect(press(target, { key: 'ㄱ', code: 'KeyR' }).defaultPrevented).toBe(false);
    press(document.body, { key: 'ㄱ', code: 'KeyR', isComposing: true });
    press(document.body, { key: 'r', code: 'KeyR', repeat: true });
    expect(ran).toEqual([]);
    // A checkbox does not type: the key is the operator's command.
    press(check, { key: 'r', code: 'KeyR' });
    expect(ran).toEqual(['start']);
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    press(document.body, { key: 'r', code: 'KeyR' });
    expect(ran).toEqual(['start']);
  });

  it('the newest view that binds a key runs it, and an unbound key does nothing', () => {
    const off = bindShortcut('broadcast.startRecording', () => ran.push('newer'));
    press(document.body, { key: 'r', code: 'KeyR' });
    off();
    press(document.body, { key: 'r', code: 'KeyR' });
    for (const fn of unbind.splice(0)) fn();
    expect(dispatchShortcut(new KeyboardEvent('keydown', { code: 'KeyR' }))).toBe(false);
    expect(ran).toEqual(['newer', 'start']);
  });
});
