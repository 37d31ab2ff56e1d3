/**
 * The Multiview's pinned tiles outlive a restart in settings.json, each workspace its own; a
 * third pin is refused before anything is written.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startRestartRig, type RestartRig } from '../app/test-support';
import { openSettings } from './settings';

let rig: RestartRig;

beforeEach(async () => {
  rig = await startRestartRig('onair-pins-');
});
afterEach(() => rig.close());

const client = { clientId: 't' };

describe('settings.multiviewPins', () => {
  it('keeps the pins of the open workspace across a restart', async () => {
    const first = await rig.start({});
    expect(await first.invoke('settings.multiviewPins', {}, client)).toEqual({
      ok: true,
      data: { workspaceId: 'sandbox', pins: [] },
    });
    await first.invoke('settings.multiviewPins', { pins: ['ch-a', 'ch-b'] }, client);
    await first.dispose();

    const second = await rig.start({});
    try {
      expect(await second.invoke('settings.multiviewPins', {}, client)).toEqual({
        ok: true,
        data: { workspaceId: 'sandbox', pins: ['ch-a', 'ch-b'] },
      });
      const refused = await second.invoke(
        'settings.multiviewPins',
        { pins: ['ch-a', 'ch-b', 'ch-c'] },
        client,
      );
      expect(refused.ok).toBe(false);
      expect(await second.invoke('settings.multiviewPins', {}, client)).toMatchObject({
        data: { pins: ['ch-a', 'ch-b'] },
      });
    } finally {
      await second.dispose();
    }
  });

  it('keeps each workspace’s pins apart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'onair-pins-ws-'));
    try {
      const { settings } = await openSettings(dir);
      await settings.setMultiviewPins('sandbox', ['ch-a']);
      await settings.setMultiviewPins('live-prod', ['ch-x', 'ch-y']);
      const { settings: again } = await openSettings(dir);
      expect(again.multiviewPins('sandbox')).toEqual(['ch-a']);
      expect(again.multiviewPins('live-prod')).toEqual(['ch-x', 'ch-y']);
      expect(again.multiviewPins('other')).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
