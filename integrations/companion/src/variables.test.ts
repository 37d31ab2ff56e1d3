/**
 * A channel's figures as the module shows them from a desk's feedback picture (the shape of
 * `GET /api/v1/feedback`, docs/admin/panels.md): each count with its age, and a count whose read
 * failed since told as stale, never shown as now. The pictures here are what the desk's panel
 * API answers (src-main/shared/panels-model.ts); module.test.ts shows the same against a desk.
 */
import { describe, expect, it } from 'vitest';
import type { BroadcastFeedback, PanelFeedback } from '../../../src-main/shared/panels-model';
import { figuresStale, variableValues } from './variables';

const now = Date.parse('2026-11-28T21:00:00Z');

function picture(figures: Partial<BroadcastFeedback> = {}, stale = false): PanelFeedback {
  return {
    at: now,
    workspace: 'sandbox',
    platform: stale ? 'lost' : 'reachable',
    stale,
    channels: [
      {
        channelKey: 'ch-1',
        title: 'Main stage',
        tally: 'onAir',
        broadcastKey: 'b-1',
        recording: false,
        stale,
        fetchedAt: now - 2_000,
      },
      {
        channelKey: 'ch-2',
        title: 'Backstage',
        tally: 'off',
        broadcastKey: 'b-2',
        recording: false,
        stale,
        fetchedAt: now - 2_000,
      },
    ],
    lamps: { 'ch-1': stale ? 'stale' : 'onAir', 'ch-2': stale ? 'stale' : 'off' },
    broadcasts: {
      'b-1': {
        onAir: true,
        recording: false,
        stale,
        fetchedAt: now - 2_000,
        title: 'Keynote',
        startedAt: '2026-11-28T20:00:00Z',
        cuePointAt: null,
        viewers: { count: 1_240, fetchedAt: now - 42_500, stale: false },
        chatParticipants: { count: 87, fetchedAt: now - 9_000, stale: false },
        ...figures,
      },
    },
    budget: null,
  };
}

describe('a channel’s figures', () => {
  it('come with their age in whole seconds, and are not stale while their reads succeed', () => {
    const values = variableValues(picture(), now, 'open', null);
    expect(values['ch-1_viewers']).toBe(1_240);
    expect(values['ch-1_viewers_age']).toBe(42);
    expect(values['ch-1_chat']).toBe(87);
    expect(values['ch-1_chat_age']).toBe(9);
    expect(figuresStale(picture(), 'ch-1', 'open')).toBe(false);
  });

  it('keep their last count but are stale once a read failed since, the tally still lit', () => {
    const failed = picture({ viewers: { count: 1_240, fetchedAt: now - 130_000, stale: true } });
    const values = variableValues(failed, now, 'open', null);
    expect(values['ch-1_lamp']).toBe('onAir');
    expect(values['ch-1_viewers']).toBe(1_240);
    expect(values['ch-1_viewers_age']).toBe(130);
    expect(figuresStale(failed, 'ch-1', 'open')).toBe(true);
  });

  it('are stale when the desk lost the platform or the stream to the desk is down', () => {
    expect(figuresStale(picture({}, true), 'ch-1', 'open')).toBe(true);
    expect(figuresStale(picture(), 'ch-1', 'lost')).toBe(true);
    expect(figuresStale(null, 'ch-1', 'connecting')).toBe(true);
  });

  it('are empty off air and until read, and not told as stale there', () => {
    const unread = picture({ viewers: null, chatParticipants: null });
    const values = variableValues(unread, now, 'open', null);
    expect(values['ch-1_viewers']).toBeUndefined();
    expect(values['ch-1_viewers_age']).toBeUndefined();
    expect(values['ch-1_chat_age']).toBeUndefined();
    expect(values['ch-2_viewers_age']).toBeUndefined();
    expect(figuresStale(unread, 'ch-1', 'open')).toBe(false);
    expect(figuresStale(picture(), 'ch-2', 'open')).toBe(false);
  });
});
