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
  dialog.close = function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}
