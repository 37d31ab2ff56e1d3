/**
 * The note of a control-room command waiting for the budget (429) as the operator meets it:
 * the wait and its Cancel; Cancel answered "not cancelled" while the command still waits (at a
 * studio hub, a command another desk sent) says whose it is instead of a button that does
 * nothing; in Korean too.
 *
 * The bridge (`window.desk`) is a typed fake: it hands the test the `command.waiting`
 * listener and answers `command.cancelWaiting` as the test says.
 */
import { fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeskBridge } from '../../src-main/shared/bridge';
import type { CommandWaiting } from '../../src-main/shared/model';

interface FakeDesk {
  listeners: ((payload: unknown) => void)[];
  /** What `command.cancelWaiting` answers. */
  cancelled: boolean;
  sent: { command: string; input: unknown }[];
}
const desk = vi.hoisted((): FakeDesk => ({ listeners: [], cancelled: true, sent: [] }));
vi.hoisted(() => {
  const fake: Pick<DeskBridge, 'host'> & Record<string, unknown> = {
    host: 'electron',
    invoke: (command: string, input: unknown) => {
      desk.sent.push({ command, input });
      if (command !== 'command.cancelWaiting')
        return Promise.reject(new Error(`unexpected ${command}`));
      return Promise.resolve({ ok: true, data: { cancelled: desk.cancelled } });
    },
    on: (event: string, listener: (payload: unknown) => void) => {
      if (event !== 'command.waiting') return () => undefined;
      desk.listeners.push(listener);
      return () => (desk.listeners = desk.listeners.filter((l) => l !== listener));
    },
    filePaths: () => Promise.resolve({ ok: true, data: [] }),
  };
  (globalThis as unknown as { window: { desk?: unknown } }).window.desk = fake;
});

const { applyLanguageChoice } = await import('../i18n/i18n.svelte');
const { default: CommandWaitingNote } = await import('./CommandWaitingNote.svelte');

const waiting: CommandWaiting = {
  id: 'c7',
  command: 'broadcast.startRecording',
  broadcastKey: 'b1',
  state: 'waiting',
  status: 429,
  attempt: 1,
  retryAt: Date.parse('2026-11-29T12:00:02Z'),
};

async function push(payload: CommandWaiting) {
  for (const listener of desk.listeners) listener(payload);
  await tick();
}

async function settle() {
  for (let i = 0; i < 5; i += 1) {
    await Promise.resolve();
    await tick();
  }
}

afterEach(() => {
  desk.sent = [];
  desk.cancelled = true;
  applyLanguageChoice('en');
});

describe('a command waiting for the budget', () => {
  it('cancels the desk’s own command', async () => {
    render(CommandWaitingNote, { command: 'broadcast.startRecording', broadcastKey: 'b1' });
    await push(waiting);
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(desk.sent).toEqual([{ command: 'command.cancelWaiting', input: { id: 'c7' } }]);
    await push({ ...waiting, state: 'settled' });
    expect(screen.queryByTestId('command-waiting')).toBeNull();
  });

  it('says whose it is when another desk of the studio sent it', async () => {
    desk.cancelled = false;
    render(CommandWaitingNote, { command: 'broadcast.startRecording', broadcastKey: 'b1' });
    await push(waiting);
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle();
    const note = screen.getByTestId('command-waiting');
    expect(note.textContent).toContain('only that desk can cancel it');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    // Its next wait (another run) offers Cancel again.
    await push({ ...waiting, id: 'c8' });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('says it in Korean', async () => {
    applyLanguageChoice('ko');
    desk.cancelled = false;
    render(CommandWaitingNote, { command: 'broadcast.startRecording', broadcastKey: 'b1' });
    await push(waiting);
    await fireEvent.click(screen.getByRole('button', { name: '취소' }));
    await settle();
    expect(screen.getByTestId('command-waiting').textContent).toContain(
      '그 데스크에서만 취소할 수 있습니다',
    );
  });
});
