/**
 * The sound cues' switches and volumes set in Settings outlive a restart in settings.json; a
 * change to one kind keeps the others; a volume outside 0–100 % is refused and nothing changes.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSoundCues } from '../../shared/sound-cues';
import { startRestartRig, type RestartRig } from '../app/test-support';

let rig: RestartRig;

beforeEach(async () => {
  rig = await startRestartRig('onair-sounds-');
});
afterEach(() => rig.close());

const client = { clientId: 't' };

describe('settings.sounds', () => {
  it('is off until turned on, then keeps each kind across a restart', async () => {
    const first = await rig.start({});
    expect(await first.invoke('settings.sounds', {}, client)).toEqual({
      ok: true,
      data: defaultSoundCues,
    });
    await first.invoke('settings.sounds', { set: { longPause: { on: true } } }, client);
    expect(
      await first.invoke('settings.sounds', { set: { longPause: { volume: 25 } } }, client),
    ).toEqual({
      ok: true,
      data: { ...defaultSoundCues, longPause: { on: true, volume: 25 } },
    });
    await first.dispose();

    const kept = JSON.parse(await readFile(join(rig.dataDir, 'settings.json'), 'utf8')) as object;
    expect(kept).toMatchObject({ sounds: { longPause: { on: true, volume: 25 } } });
    const second = await rig.start({});
    try {
      expect(await second.invoke('settings.sounds', {}, client)).toEqual({
        ok: true,
        data: { ...defaultSoundCues, longPause: { on: true, volume: 25 } },
      });
    } finally {
      await second.dispose();
    }
  });

  it('refuses a volume outside 0–100 %, keeping the one kept', async () => {
    const core = await rig.start({});
    try {
      await core.invoke('settings.sounds', { set: { tokenRefused: { volume: 40 } } }, client);
      const refused = await core.invoke(
        'settings.sounds',
        { set: { tokenRefused: { volume: 140 } } },
        client,
      );
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'invalid-input', text: { key: 'validation.soundVolume' } },
      });
      expect(await core.invoke('settings.sounds', {}, client)).toMatchObject({
        data: { tokenRefused: { on: false, volume: 40 } },
      });
    } finally {
      await core.dispose();
    }
  });
});
