/**
 * Keyboard focus after a dialog ends, as a keyboard or screen reader operator meets it: back
 * on the control that opened it after Cancel, Esc or the dialog's own action, never on <body>.
 * These dialogs leave the page while still open (their view's `{#if}` turns false), so the
 * browser's own focus return does not happen (lib/modal.ts gives focus back); Studio… and
 * Keyboard shortcuts… close the settings menu that held their item, so focus goes to the
 * Settings button. Delete, once the channel is gone with its Delete button, leaves focus on the
 * nearest control still there.
 *
 * The bridge (`window.desk`) is a fake answering just what the dialogs read; the test set-up's
 * `<dialog>` moves focus as Chromium does (src-renderer/test-setup.ts).
 */
import { QueryClient } from '@tanstack/svelte-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { DeskBridge } from '../../src-main/shared/bridge';
import type { ChannelBatchPlan, ChannelDetails } from '../../src-main/shared/channels-model';
import type { SubtitleDetail } from '../../src-main/shared/content-model';
import type { StudioStatus } from '../../src-main/shared/studio-model';

const answers = vi.hoisted((): Record<string, unknown> => ({}));
vi.hoisted(() => {
  const fake: Pick<DeskBridge, 'host'> & Record<string, unknown> = {
    host: 'browser',
    // What the test gives no answer to is refused, as main refuses a command it cannot run.
    invoke: (command: string) =>
      Promise.resolve(
        command in answers
          ? { ok: true, data: answers[command] }
          : { ok: false, error: { code: 'internal', message: `no answer to ${command}` } },
      ),
    on: () => () => undefined,
    filePaths: () => Promise.resolve({ ok: true, data: [] }),
  };
  (globalThis as unknown as { window: { desk?: unknown } }).window.desk = fake;
});

const { default: DialogFocusTestHost } = await import('./DialogFocusTestHost.svelte');
const { default: SettingsMenu } = await import('./SettingsMenu.svelte');

const channel: ChannelDetails = {
  key: 'ch-1',
  title: 'Main stage',
  customerCode: '',
  status: 'enabled',
  trashed: false,
  type: 'live',
  shared: false,
  viewerLimit: 100,
  useTimeshift: false,
  useChat: false,
  onAir: false,
  latestBroadcast: null,
  createdAt: '2026-11-25T12:00:00Z',
  profileGroupKey: 'g1',
  recordingFilePolicy: 0,
  useDuplicateBlock: false,
  useCaptureBlock: false,
  rtmpPublishUrl: null,
  viewUrl: null,
};
const subtitle: SubtitleDetail = {
  id: 1,
  name: 'English',
  languageCode: 'en',
  position: 1,
  kind: 'main',
  visibility: 'public',
  format: 'srt',
  source: 'text',
  fileSize: 20,
  createdAt: '2026-11-25T12:00:00Z',
  updatedAt: '2026-11-25T12:00:00Z',
  text: '1\n00:00:01,000 --> 00:00:02,000\nHi\n',
};
const studio: StudioStatus = {
  hosting: null,
  seats: [],
  codes: [],
  pairingLockedUntil: null,
  seat: null,
};
const plan: ChannelBatchPlan = {
  action: 'disable',
  channels: [{ key: channel.key, title: channel.title }],
  skipped: [],
  calls: 1,
  seconds: 1,
};
Object.assign(answers, {
  'channels.planBatch': plan,
  'subtitle.get': subtitle,
  'channels.delete': null,
  'studio.status': studio,
  'settings.shortcuts': { rows: [] },
});

function host(which: 'create' | 'bulk' | 'delete' | 'subtitle' | 'enqueue') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(DialogFocusTestHost, { client, which, channel });
}

/** Presses `button` as the keyboard does: focus on it, then a click. */
async function press(button: HTMLElement) {
  button.focus();
  await fireEvent.click(button);
}

/** Opens the host's dialog from its button; answers the button and the dialog. */
async function openFromButton(name = 'Open') {
  const opener = screen.getByRole('button', { name });
  await press(opener);
  const dialog = await screen.findByRole('dialog');
  expect(dialog.contains(document.activeElement)).toBe(true);
  return { opener, dialog };
}

/** Esc in an open dialog: Chromium's cancel event, which each dialog turns into its close. */
async function escape(dialog: HTMLElement) {
  await fireEvent(dialog, new Event('cancel', { cancelable: true }));
}

describe('focus after a dialog unmounted while open', () => {
  it('New channel: back on the button after Cancel and after Esc', async () => {
    host('create');
    let { opener, dialog } = await openFromButton();
    await press(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
    ({ opener, dialog } = await openFromButton());
    await escape(dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('bulk change: back on the action button after Cancel', async () => {
    host('bulk');
    const { opener, dialog } = await openFromButton();
    await press(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('subtitle editor: back on Edit after Close and after Esc', async () => {
    host('subtitle');
    let { opener, dialog } = await openFromButton();
    await within(dialog).findByRole('textbox', { name: 'Subtitle text (SRT or WebVTT)' });
    await press(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
    ({ opener, dialog } = await openFromButton());
    await escape(dialog);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('delete: back on Delete after Cancel and Esc; on the nearest control once deleted', async () => {
    host('delete');
    const name = 'Delete permanently…';
    let { opener, dialog } = await openFromButton(name);
    await press(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
    ({ opener, dialog } = await openFromButton(name));
    await escape(dialog);
    await waitFor(() => expect(document.activeElement).toBe(opener));

    ({ dialog } = await openFromButton(name));
    await fireEvent.input(within(dialog).getByRole('textbox'), {
      target: { value: 'Main stage' },
    });
    await press(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await screen.findByRole('status');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Settings tab' })),
    );
  });

  it('upload target: back on the button after Discard', async () => {
    host('enqueue');
    const { opener, dialog } = await openFromButton();
    await press(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});

describe('focus after a dialog the settings menu opened', () => {
  for (const [item, title] of [
    ['Studio…', 'Studio'],
    ['Keyboard shortcuts…', 'Keyboard shortcuts'],
  ] as const) {
    it(`${item}: on the Settings button after Close and after Esc`, async () => {
      render(SettingsMenu);
      const settings = screen.getByRole('button', { name: 'Settings' });
      for (const end of ['close', 'escape'] as const) {
        await press(settings);
        await press(screen.getByRole('button', { name: item }));
        const dialog = screen.getByRole('dialog', { name: title });
        expect(dialog.contains(document.activeElement)).toBe(true);
        if (end === 'close') await press(within(dialog).getByRole('button', { name: 'Close' }));
        else await escape(dialog);
        expect(dialog).toHaveProperty('open', false);
        await waitFor(() => expect(document.activeElement).toBe(settings));
      }
    });
  }
});
