/**
 * Set-up of the renderer's component tests (jsdom): unmounts what a test mounted, and gives
 * jsdom the `<dialog>` methods it lacks (it parses the element but neither opens nor closes
 * it), so a component's modal behaves as in Chromium for what the tests look at.
 */
import { cleanup } from '@testing-library/svelte';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

const dialog = globalThis.HTMLDialogElement?.prototype;
if (dialog && typeof dialog.showModal !== 'function') {
  dialog.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  dialog.show = function show(this: HTMLDialogElement) {
    this.open = true;
  };
  // As in Chromium (HTML, "close the dialog"): nothing if already closed; the close event is
  // queued as a task, so it can arrive after the dialog was opened again.
  dialog.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    setTimeout(() => this.dispatchEvent(new Event('close')), 0);
  };
}
