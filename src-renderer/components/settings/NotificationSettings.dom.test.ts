/**
 * Settings → Notifications as the operator meets it: while the desk is still reading which
 * kinds are on, no switch shows a state (each is off and disabled, never shown on and then
 * turned off under the operator's hand); once read, each switch shows the kept state and a
 * click saves that one kind; Korean labels.
 *
 * The bridge (`window.desk`) is a typed fake that keeps the switches in memory as main's
 * handler does (services/settings/settings-commands.ts, `settings.notifications`: merge the
 * changes, answer every kind); its first read waits until the test lets it answer.
 */
import { fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeskBridge } from '../../../src-main/shared/bridge';
import type { OsNoticeSwitches } from '../../../src-main/shared/notifications';

/** What the fake desk was sent and keeps. */
interface FakeDesk {
  sent: { command: string; input: unknown }[];
  kept: Partial<OsNoticeSwitches>;
  /** Whether the next read waits for `release`. */
  hold: boolean;
  /** Set while a read is held; calling it lets the read answer. */
  release: (() => void) | null;
}
const desk = vi.hoisted((): FakeDesk => ({ sent: [], kept: {}, hold: false, release: null }));
vi.hoisted(() => {
  const fake: Pick<DeskBridge, 'host'> & Record<string, unknown> = {
    host: 'electron',
    invoke: async (command: string, input: unknown) => {
      desk.sent.push({ command, input });
      if (command !== 'settings.notifications') throw new Error(`unexpected ${command}`);
      if (desk.hold) {
        desk.hold = false;
        await new Promise<void>((done) => (desk.release = done));
      }
      const set = (input as { set?: Record<string, boolean> }).set;
      if (set) desk.kept = { ...desk.kept, ...set };
      return { ok: true, data: { ...desk.kept } };
    },
    on: () => () => undefined,
    filePaths: () => Promise.resolve({ ok: true, data: [] }),
  };
  (globalThis as unknown as { window: { desk?: unknown } }).window.desk = fake;
});

const { applyLanguageChoice } = await import('../../i18n/i18n.svelte');
const { default: NotificationSettings } = await import('./NotificationSettings.svelte');

const stored: OsNoticeSwitches = {
  offAir: true,
  recordingStopped: false,
  tokenRefused: true,
  tokenExpiring: true,
  budgetPaused: false,
  transfers: true,
};

/** Lets every settled promise's callbacks run and Svelte apply what they changed. */
async function settle() {
  for (let round = 0; round < 5; round++) await Promise.resolve();
  await tick();
}

beforeEach(() => {
  desk.sent.length = 0;
  desk.kept = { ...stored };
  desk.release = null;
  desk.hold = false;
});
afterEach(() => applyLanguageChoice('en'));

describe('NotificationSettings', () => {
  it('shows no switch on or off until the desk has read them, then the kept ones', async () => {
    desk.hold = true;
    render(NotificationSettings, { onFailure: () => undefined });
    await settle();
    const boxes = screen.getAllByRole<HTMLInputElement>('checkbox');
    expect(boxes).toHaveLength(6);
    // While reading: nothing is shown on (the old panel showed every one on), nothing takes a click.
    expect(boxes.map((box) => [box.checked, box.disabled])).toEqual(boxes.map(() => [false, true]));
    expect(desk.release).not.toBeNull();
    desk.release?.();
    await settle();
    const offAir = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'A watched broadcast went off air',
    });
    const recording = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'A manual recording stopped without your command',
    });
    const budget = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'The platform paused the API budget for more than 10 s',
    });
    expect([offAir.checked, recording.checked, budget.checked]).toEqual([true, false, false]);
    expect(boxes.every((box) => !box.disabled)).toBe(true);
  });

  it('saves the one kind the operator switches, and shows what the desk kept', async () => {
    render(NotificationSettings, { onFailure: () => undefined });
    await settle();
    const recording = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'A manual recording stopped without your command',
    });
    expect(recording.checked).toBe(false);
    await fireEvent.click(recording);
    await settle();
    expect(desk.sent.at(-1)).toEqual({
      command: 'settings.notifications',
      input: { set: { recordingStopped: true } },
    });
    expect(desk.kept.recordingStopped).toBe(true);
    expect(recording.checked).toBe(true);
    // The other kinds kept as they were.
    expect(desk.kept.budgetPaused).toBe(false);
    expect(desk.kept.offAir).toBe(true);
  });

  it('names each kind in Korean', async () => {
    applyLanguageChoice('ko');
    render(NotificationSettings, { onFailure: () => undefined });
    await settle();
    expect(screen.getByRole('group', { name: '알림' })).toBeTruthy();
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: '명령 없이 수동 녹화가 멈춤' })
        .checked,
    ).toBe(false);
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: '지켜보던 방송이 방송중지됨' })
        .checked,
    ).toBe(true);
  });
});
