/**
 * Where focus goes when a modal dialog ends (lib/modal.ts): back to the control that opened
 * it, whether the dialog was closed or removed from the page while still open; when that
 * control is gone, to the dialog's `returnTo`, else to the first control of the nearest part
 * of the page that is still there; and nowhere if the operator has already put focus elsewhere.
 * The component tests (components/dialog-focus.dom.test.ts) show it in the dialogs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openModal } from './modal';

afterEach(() => document.body.replaceChildren());

/** A page part with the button that opens a dialog, and the dialog (focus moves into it). */
function page() {
  document.body.innerHTML = `
    <main>
      <section id="pane">
        <button id="first" disabled>Disabled</button>
        <button id="stable">Stable</button>
        <div id="bar"><button id="opener">Open</button></div>
      </section>
      <button id="elsewhere">Elsewhere</button>
      <dialog><button id="inside">Cancel</button></dialog>
    </main>`;
  const get = (id: string) => document.getElementById(id) as HTMLElement;
  const dialog = document.querySelector('dialog') as HTMLDialogElement;
  get('opener').focus();
  return { get, dialog };
}

/** Lets the update that ended the dialog finish (focus moves in a microtask after it). */
const settle = () => new Promise<void>((done) => setTimeout(done, 0));

describe('openModal', () => {
  it('opens the dialog as a modal, focus inside it', () => {
    const { get, dialog } = page();
    openModal(dialog);
    expect(dialog.open).toBe(true);
    expect(document.activeElement).toBe(get('inside'));
  });

  it('gives focus back to the opener when the dialog is removed while open', async () => {
    const { get, dialog } = page();
    const end = openModal(dialog);
    dialog.remove();
    expect(document.activeElement).toBe(document.body);
    end();
    await settle();
    expect(document.activeElement).toBe(get('opener'));
  });

  it('closes a dialog still on the page and gives focus back to the opener', async () => {
    const { get, dialog } = page();
    const end = openModal(dialog);
    end();
    expect(dialog.open).toBe(false);
    await settle();
    expect(document.activeElement).toBe(get('opener'));
  });

  it('falls back to returnTo when the opener is gone', async () => {
    const { get, dialog } = page();
    const end = openModal(dialog, { returnTo: () => get('elsewhere') });
    get('bar').remove();
    dialog.remove();
    end();
    await settle();
    expect(document.activeElement).toBe(get('elsewhere'));
  });

  it('uses returnTo when the opener was gone before the dialog opened (a closed menu)', async () => {
    const { get, dialog } = page();
    get('bar').remove();
    expect(document.activeElement).toBe(document.body);
    const end = openModal(dialog, { returnTo: () => get('stable') });
    end();
    await settle();
    expect(document.activeElement).toBe(get('stable'));
  });

  it('else focuses the first control that takes focus in the nearest part left', async () => {
    const { get, dialog } = page();
    const end = openModal(dialog);
    get('bar').remove();
    dialog.remove();
    end();
    await settle();
    expect(document.activeElement).toBe(get('stable'));
  });

  it('leaves focus where the operator put it', async () => {
    const { get, dialog } = page();
    const end = openModal(dialog);
    dialog.remove();
    get('elsewhere').focus();
    end();
    await settle();
    expect(document.activeElement).toBe(get('elsewhere'));
  });
});
