/**
 * The update settings: the mode and server the operator sets, shown locked with the reason and
 * the policy file's path when the administrator's policy holds them, in English and Korean.
 */
import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguageChoice } from '../i18n/i18n.svelte';
import type { CommandOutput } from '../../src-main/shared/bridge';
import { effectiveUpdates, type UpdatePolicy } from '../../src-main/shared/updates-model';
import UpdateSettings from './UpdateSettings.svelte';

const server = 'https://updates.example.test/desk/';
const policyPath = '/etc/onair-desk/policy.json';

function answer(policy: UpdatePolicy | null, url: string | null = server) {
  const own = { mode: 'default' as const, url };
  const updates: CommandOutput<'settings.updates'> = {
    available: true,
    own,
    effective: effectiveUpdates(own, policy),
    policyPath: policy?.path ?? null,
    state: { kind: 'idle', checkedAt: null },
  };
  return updates;
}

afterEach(() => applyLanguageChoice('en'));

describe('UpdateSettings', () => {
  it('lets the operator choose the mode and the server when nothing is locked', async () => {
    const onChange = vi.fn(() => Promise.resolve());
    render(UpdateSettings, { updates: answer(null, null), onChange });
    const mode = screen.getByLabelText<HTMLSelectElement>('Update mode');
    expect(mode.disabled).toBe(false);
    expect(screen.getByRole('status').textContent).toContain('Updates are off.');
    await fireEvent.change(mode, { target: { value: 'manual' } });
    expect(onChange).toHaveBeenCalledWith({ mode: 'manual' });
    const url = screen.getByLabelText<HTMLInputElement>('Update server');
    await fireEvent.input(url, { target: { value: server } });
    await fireEvent.blur(url);
    expect(onChange).toHaveBeenLastCalledWith({ url: server });
    expect(screen.queryByTestId('update-lock')).toBeNull();
  });

  it('shows the mode locked by the policy, with the reason and the file', () => {
    render(UpdateSettings, {
      updates: answer({ path: policyPath, mode: 'manual', reason: 'policy' }),
      onChange: () => Promise.resolve(),
    });
    const mode = screen.getByLabelText<HTMLSelectElement>('Update mode');
    expect(mode.disabled).toBe(true);
    expect(mode.value).toBe('manual');
    expect(screen.getByLabelText<HTMLInputElement>('Update server').disabled).toBe(false);
    expect(screen.getByTestId('update-lock').textContent).toContain(
      `Locked by your administrator’s policy (${policyPath}).`,
    );
  });

  it('says in Korean that an unreadable policy turned updates off', () => {
    applyLanguageChoice('ko');
    render(UpdateSettings, {
      updates: answer({ path: policyPath, mode: 'none', reason: 'policyUnreadable' }),
      onChange: () => Promise.resolve(),
    });
    expect(screen.getByLabelText<HTMLSelectElement>('업데이트 방식').disabled).toBe(true);
    expect(screen.getByTestId('update-lock').textContent).toContain(
      `관리자 정책 파일(${policyPath})을 읽을 수 없습니다`,
    );
    expect(screen.getByRole('status').textContent).toContain('업데이트가 꺼져 있습니다.');
  });
});
