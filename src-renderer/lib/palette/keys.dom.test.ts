/**
 * The palette's and the sheet's keys by physical key: Ctrl+K (⌘K on macOS) whatever the input
 * method types (K gives ㅏ in Hangul mode), also from a field; `?` never while typing, never
 * while composing, never behind a modal dialog.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listenForPaletteKeys } from './keys';

let ran: string[];
let stop: () => void;

function press(target: EventTarget, init: KeyboardEventInit): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

function listen(mac: boolean) {
  stop = listenForPaletteKeys(
    () => ran.push('palette'),
    () => ran.push('sheet'),
    window,
    mac,
  );
}

beforeEach(() => {
  ran = [];
});

afterEach(() => {
  stop();
  document.body.replaceChildren();
});

describe('the palette keys', () => {
  it('Ctrl+K opens the palette by the key’s code, in Hangul mode too, and takes the event', () => {
    listen(false);
    const event = press(window, { code: 'KeyK', key: 'ㅏ', ctrlKey: true });
    expect(ran).toEqual(['palette']);
    expect(event.defaultPrevented).toBe(true);
    press(window, { code: 'KeyK', key: 'k' });
    press(window, { code: 'KeyK', key: 'k', metaKey: true });
    press(window, { code: 'KeyL', key: 'k', ctrlKey: true });
    expect(ran).toEqual(['palette']);
  });

  it('⌘K on macOS, not Ctrl+K', () => {
    listen(true);
    press(window, { code: 'KeyK', key: 'k', ctrlKey: true });
    press(window, { code: 'KeyK', key: 'k', metaKey: true });
    expect(ran).toEqual(['palette']);
  });

  it('opens the palette from a text field, but not while an input method composes', () => {
    listen(false);
    const field = document.body.appendChild(document.createElement('input'));
    press(field, { code: 'KeyK', key: 'ㅏ', ctrlKey: true, isComposing: true });
    expect(ran).toEqual([]);
    press(field, { code: 'KeyK', key: 'ㅏ', ctrlKey: true });
    expect(ran).toEqual(['palette']);
  });

  it('does not open over another modal dialog', () => {
    listen(false);
    const dialog = document.body.appendChild(document.createElement('dialog'));
    dialog.showModal();
    press(window, { code: 'KeyK', key: 'k', ctrlKey: true });
    expect(ran).toEqual([]);
    dialog.setAttribute('data-palette', '');
    press(window, { code: 'KeyK', key: 'k', ctrlKey: true });
    expect(ran).toEqual(['palette']);
  });

  it('? (Shift+Slash) opens the sheet outside fields only, and never behind a dialog', () => {
    listen(false);
    press(window, { code: 'Slash', key: '?', shiftKey: true });
    expect(ran).toEqual(['sheet']);
    const field = document.body.appendChild(document.createElement('input'));
    press(field, { code: 'Slash', key: '?', shiftKey: true });
    press(window, { code: 'Slash', key: '/' });
    const dialog = document.body.appendChild(document.createElement('dialog'));
    dialog.showModal();
    press(window, { code: 'Slash', key: '?', shiftKey: true });
    expect(ran).toEqual(['sheet']);
  });
});
