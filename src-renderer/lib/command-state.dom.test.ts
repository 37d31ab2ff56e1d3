/**
 * Views offer a command from the declaration main guards it by: disabled, with the reason in
 * the operator's language, exactly when main's pipeline would refuse it; a stale picture of
 * the broadcast never disables a command (main's own re-read decides).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Broadcast, WorkspaceState } from '../../src-main/shared/model';
import { applyLanguageChoice } from '../i18n/i18n.svelte';
import { offerOf } from './command-state';

const now = Date.parse('2026-11-25T12:00:00Z');

function workspace(
  apis: { live: boolean; vod: boolean },
  role: WorkspaceState['role'],
): WorkspaceState {
  return {
    active: {
      id: 'sandbox',
      name: 'Sandbox',
      kind: 'sandbox',
      apis,
      accounts: { live: null, vod: null },
      liveBaseUrl: '',
      vodBaseUrl: '',
      serviceAccountKey: '',
    },
    choices: [],
    tokens: {} as WorkspaceState['tokens'],
    status: 'ready',
    message: null,
    renewAccountId: null,
    role,
  };
}

function broadcast(onAir: boolean, recording: boolean): Broadcast {
  return {
    key: 'b1',
    channelKey: 'c1',
    title: 'Keynote',
    onAir,
    paused: false,
    useTimeshift: true,
    startedAt: '2026-11-25T11:00:00Z',
    pausedAt: null,
    endedAt: null,
    cuePointAt: null,
    recording,
    recordingStartedAt: recording ? '2026-11-25T11:30:00Z' : null,
  };
}

afterEach(() => applyLanguageChoice('en'));

describe('offerOf', () => {
  const both = workspace({ live: true, vod: true }, 'admin');

  it('offers start recording disabled while it runs, and stop while it does not', () => {
    const running = { data: broadcast(true, true), fetchedAt: now - 2_000 };
    expect(
      offerOf('broadcast.startRecording', { workspace: both, broadcast: running, now }),
    ).toMatchObject({ enabled: false, reason: 'Manual recording is already running.' });
    expect(
      offerOf('broadcast.stopRecording', { workspace: both, broadcast: running, now }),
    ).toMatchObject({ enabled: true, reason: null, title: 'Stop recording' });

    const stopped = { data: broadcast(true, false), fetchedAt: now - 2_000 };
    expect(
      offerOf('broadcast.stopRecording', { workspace: both, broadcast: stopped, now }).reason,
    ).toBe('No manual recording is running.');
  });

  it('never disables on a picture older than main trusts', () => {
    const old = { data: broadcast(false, false), fetchedAt: now - 60_000 };
    expect(
      offerOf('broadcast.setCuePoint', { workspace: both, broadcast: old, now }),
    ).toMatchObject({ enabled: true });
    const fresh = { data: broadcast(false, false), fetchedAt: now - 1_000 };
    expect(
      offerOf('broadcast.setCuePoint', { workspace: both, broadcast: fresh, now }).reason,
    ).toBe('Available while the broadcast is on air.');
  });

  it('says which API or role is missing, in Korean too', () => {
    const vodOnly = workspace({ live: false, vod: true }, null);
    expect(offerOf('broadcast.setCuePoint', { workspace: vodOnly, now }).reason).toMatch(
      /no live account/,
    );
    const adminOffer = offerOf('channels.delete', { workspace: both, now });
    expect(adminOffer.enabled).toBe(false);
    expect(adminOffer.reason).toContain('super administrator');
    expect(
      offerOf('channels.delete', {
        workspace: workspace({ live: true, vod: true }, 'super_admin'),
        now,
      }),
    ).toMatchObject({ enabled: true });

    applyLanguageChoice('ko');
    expect(offerOf('channels.delete', { workspace: both, now }).reason).toContain('최고 관리자');
  });
});
