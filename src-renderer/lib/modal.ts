/**
 * A modal dialog and where keyboard focus goes when it ends. Chromium gives focus back to what
 * had it when `showModal()` ran, but only when the dialog is closed, and only if that control
 * is still on the page. Most of our dialogs end otherwise: their component is unmounted with
 * the dialog still open (the page's `{#if}` around it turns false), or the control that opened
 * them was removed meanwhile (the settings menu closes as it opens Studio…). Focus then fell on
 * <body>, and a keyboard or screen reader operator had to find their place again from the top.
 *
 * `openModal` is every such dialog's one way in: it opens the dialog and answers the function
 * that ends it (meant as an `$effect`'s cleanup, so it also runs when the component is
 * destroyed), which gives focus back to the opener, else to the dialog's `returnTo`, else to
 * the first control of the nearest part of the page that is still there.
 */

export interface ModalOptions {
  /** Where focus goes when the control that opened the dialog is gone. */
  returnTo?: () => HTMLElement | null | undefined;
}

/** Controls that can take focus (those disabled or hidden refuse it, and are passed over). */
const focusables =
  'button, [href], input, select, textarea, summary, iframe, [contenteditable], [tabindex]';

/**
 * Opens `dialog` as a modal (if it is not open) and remembers what had focus; answers the
 * function that closes it (if still open and on the page) and gives focus back.
 */
export function openModal(dialog: HTMLDialogElement, options: ModalOptions = {}): () => void {
  const doc = dialog.ownerDocument;
  const active = doc.activeElement;
  const opener =
    active instanceof HTMLElement && active !== doc.body && !dialog.contains(active)
      ? active
      : null;
  // The opener's ancestors as they are now: once it is removed, the nearest of them still on
  // the page is where its part of the page was.
  const around: HTMLElement[] = [];
  for (let node = opener?.parentElement; node && node !== doc.body; node = node.parentElement) {
    around.push(node);
  }
  if (!dialog.open) dialog.showModal();
  return () => {
    if (dialog.open && dialog.isConnected) dialog.close();
    // After the update that closed or removed the dialog, when the page is as it will stay.
    queueMicrotask(() => {
      if (!focusLost(dialog)) return;
      if (opener && tryFocus(opener)) return;
      const fallback = options.returnTo?.();
      if (fallback && tryFocus(fallback)) return;
      for (const part of around) {
        if (!part.isConnected) continue;
        if (firstFocusable(part, dialog)) return;
      }
    });
  };
}

/** Whether focus is nowhere (on <body>) or still inside the dialog that ended. */
function focusLost(dialog: HTMLDialogElement): boolean {
  const active = dialog.ownerDocument.activeElement;
  return active === null || active === dialog.ownerDocument.body || dialog.contains(active);
}

/** Focuses `element` if it is on the page and takes focus; whether it did. */
function tryFocus(element: HTMLElement): boolean {
  if (!element.isConnected) return false;
  element.focus();
  return element.ownerDocument.activeElement === element;
}

/** Focuses the first control inside `part` that takes focus, not one in a closed dialog. */
function firstFocusable(part: HTMLElement, ended: HTMLDialogElement): boolean {
  for (const candidate of part.querySelectorAll<HTMLElement>(focusables)) {
    if (candidate.tabIndex < 0 || ended.contains(candidate)) continue;
    const inDialog = candidate.closest('dialog');
    if (inDialog && !inDialog.open) continue;
    if (candidate.closest('[inert], [hidden]')) continue;
    if (tryFocus(candidate)) return true;
  }
  return false;
}
