/**
 * The question before a destructive action: nothing happens until the operator presses the
 * confirm button; Escape and the safe button both cancel.
 */
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import ConfirmDialog from './ConfirmDialog.svelte';

function open() {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(ConfirmDialog, {
    open: true,
    title: 'Stop recording?',
    message: 'The manual recording of “Main stage” stops now.',
    confirmLabel: 'Stop recording',
    cancelLabel: 'Keep recording',
    onConfirm,
    onCancel,
  });
  return { onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  it('is a named dialog that runs nothing until confirmed', async () => {
    const { onConfirm, onCancel } = open();
    const dialog = screen.getByRole('dialog', { name: 'Stop recording?' });
    expect(dialog).toHaveProperty('open', true);
    expect(onConfirm).not.toHaveBeenCalled();
    await fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels on Escape and on the safe choice, never confirming', async () => {
    const { onConfirm, onCancel } = open();
    await fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    await fireEvent.click(screen.getByRole('button', { name: 'Keep recording' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('puts the safe choice first, where focus lands', () => {
    open();
    const buttons = screen.getAllByRole('button');
    expect(buttons[0]?.textContent).toBe('Keep recording');
    expect(buttons[0]?.hasAttribute('autofocus')).toBe(true);
  });
});
