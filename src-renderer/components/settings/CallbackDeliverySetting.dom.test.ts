/**
 * Settings → "Deliver sandbox callbacks outside this machine" is the hub's setting
 * (`rehearsal.deliverOutside`, scope `hub`): on a desk of its own it is read and set; on a
 * seat it is shown disabled with the hub's reason and never asked (the hub refuses a seat even
 * the read, and journals what it refuses).
 *
 * The bridge (`window.desk`) is a typed fake answering `studio.status` with the seat the test
 * sets, and the setting as main keeps it.
 */
import { QueryClient } from '@tanstack/svelte-query';
import { render, screen, waitFor } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeskBridge } from '../../../src-main/shared/bridge';
import type { SeatRole, StudioStatus } from '../../../src-main/shared/studio-model';

const desk = vi.hoisted(() => ({ sent: [] as string[], role: null as SeatRole | null, on: true }));
vi.hoisted(() => {
  const fake: Pick<DeskBridge, 'host'> & Record<string, unknown> = {
    host: 'browser',
    invoke: (command: string) => {
      desk.sent.push(command);
      if (command === 'rehearsal.deliverOutside')
        return Promise.resolve({ ok: true, data: { on: desk.on } });
      if (command !== 'studio.status') throw new Error(`unexpected ${command}`);
      const status: StudioStatus = {
        hosting: null,
        seats: [],
        codes: [],
        pairingLockedUntil: null,
        seat: desk.role && {
          hubUrl: 'https://192.0.2.10:7443/',
          fingerprint: 'AB:CD',
          seatName: 'Desk 2',
          role: desk.role,
          state: 'connected',
        },
      };
      return Promise.resolve({ ok: true, data: status });
    },
    on: () => () => undefined,
    filePaths: () => Promise.resolve({ ok: true, data: [] }),
  };
  (globalThis as unknown as { window: { desk?: unknown } }).window.desk = fake;
});

const { applyLanguageChoice } = await import('../../i18n/i18n.svelte');
const { default: CallbackDeliveryTestHost } = await import('./CallbackDeliveryTestHost.svelte');

function show(): void {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(CallbackDeliveryTestHost, { client });
}
const box = () => screen.getByRole<HTMLInputElement>('checkbox');

beforeEach(() => {
  desk.sent.length = 0;
  desk.role = null;
});
afterEach(() => applyLanguageChoice('en'));

describe('CallbackDeliverySetting', () => {
  it('reads and shows the setting on a desk that is not a seat', async () => {
    show();
    await waitFor(() => expect(box().checked).toBe(true));
    expect(box().disabled).toBe(false);
    expect(desk.sent).toContain('rehearsal.deliverOutside');
  });

  for (const role of ['operator', 'observer'] as const) {
    it(`on an ${role} seat: disabled with the hub's reason, and never asked`, async () => {
      desk.role = role;
      show();
      await waitFor(() => expect(screen.getByText(/run it at the hub/)).toBeTruthy());
      expect(box().disabled).toBe(true);
      expect(box().checked).toBe(false);
      expect(box().getAttribute('aria-describedby')).toBe('deliver-outside-hint');
      expect(desk.sent).not.toContain('rehearsal.deliverOutside');
    });
  }

  it('says the reason in Korean', async () => {
    applyLanguageChoice('ko');
    desk.role = 'operator';
    show();
    await waitFor(() => expect(screen.getByText(/허브에서 실행하세요/)).toBeTruthy());
    expect(desk.sent).not.toContain('rehearsal.deliverOutside');
  });
});
