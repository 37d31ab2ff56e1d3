/**
 * The schedule's undo and redo keys as a keyboard sends them: by physical key, so a Korean
 * operator in Hangul input mode (Z gives ㅋ, Y gives ㅛ) undoes and redoes as anyone else,
 * and never while typing in a field or inside a dialog.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { undoRedoFor } from './gestures';

function press(init: KeyboardEventInit, target: EventTarget = document.body): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

afterEach(() => document.body.replaceChildren());

describe('schedule undo and redo keys', () => {
  it('undo and redo from Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y', () => {
    expect(undoRedoFor(press({ key: 'z', code: 'KeyZ', ctrlKey: true }))).toBe('Undo');
    expect(undoRedoFor(press({ key: 'Z', code: 'KeyZ', ctrlKey: true, shiftKey: true }))).toBe(
      'Redo',
    );
    expect(undoRedoFor(press({ key: 'y', code: 'KeyY', metaKey: true }))).toBe('Redo');
  });

  it('works in Hangul input mode, where Z types ㅋ and Y types ㅛ', () => {
    expect(undoRedoFor(press({ key: 'ㅋ', code: 'KeyZ', ctrlKey: true }))).toBe('Undo');
    expect(undoRedoFor(press({ key: 'ㅛ', code: 'KeyY', ctrlKey: true }))).toBe('Redo');
  });

  it('follows the physical key, not the character another layout puts there', () => {
    // On a German keyboard the Z character sits on the KeyY position.
    expect(undoRedoFor(press({ key: 'z', code: 'KeyY', ctrlKey: true }))).toBe('Redo');
    expect(undoRedoFor(press({ key: 'z', code: 'KeyX', ctrlKey: true }))).toBeNull();
  });

  it('leaves plain letters, Alt chords and keys typed in a field or a dialog alone', () => {
    expect(undoRedoFor(press({ key: 'z', code: 'KeyZ' }))).toBeNull();
    expect(undoRedoFor(press({ key: 'z', code: 'KeyZ', ctrlKey: true, altKey: true }))).toBeNull();
    const field = document.body.appendChild(document.createElement('input'));
    expect(undoRedoFor(press({ key: 'z', code: 'KeyZ', ctrlKey: true }, field))).toBeNull();
    const dialog = document.body.appendChild(document.createElement('dialog'));
    const button = dialog.appendChild(document.createElement('button'));
    expect(undoRedoFor(press({ key: 'z', code: 'KeyZ', ctrlKey: true }, button))).toBeNull();
  });
});
