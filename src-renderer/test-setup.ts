/**
 * Set-up of the renderer's component tests (jsdom): unmounts what a test mounted, and gives
 * jsdom the `<dialog>` methods it lacks (it parses the element but neither opens nor closes
 * it, nor moves focus), so a component's modal behaves as in Chromium for what the tests look at.
 */
import { cleanup } from '@testing-library/svelte';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

const dialog = globalThis.HTMLDialogElement?.prototype;
if (dialog && typeof dialog.showModal !== 'function') {
  /** What had focus when each modal opened, as Chromium keeps it ("previously focused element"). */
  const previous = new WeakMap<HTMLDialogElement, Element | null>();
  dialog.showModal = function showModal(this: HTMLDialogElement) {
    previous.set(this, document.activeElement);
    this.open = true;
    // The dialog focusing steps: its autofocus control, else its first one that takes focus.
    const controls = [
      ...this.querySelectorAll<HTMLElement>('[autofocus]'),
      ...this.querySelectorAll<HTMLElement>('button, [href], input, select, textarea, [tabindex]'),
    ];
    for (const control of controls) {
      control.focus();
      if (document.activeElement === control) break;
    }
  };
  dialog.show = function show(this: HTMLDialogElement) {
    this.open = true;
  };
  // As in Chromium (HTML, "close the dialog"): nothing if already closed; a modal gives focus
  // back to what had it when it opened, if that is still on the page (else focus leaves the
  // closed dialog for <body>); the close event is queued as a task, so it can arrive after the
  // dialog was opened again.
  dialog.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    const back = previous.get(this);
    previous.delete(this);
    if (back instanceof HTMLElement && back.isConnected) back.focus();
    else if (document.activeElement instanceof HTMLElement && this.contains(document.activeElement))
      document.activeElement.blur();
    setTimeout(() => this.dispatchEvent(new Event('close')), 0);
  };
}
