/**
 * The theme and text size chosen in the settings menu outlive a restart in settings.json; a
 * text size Settings does not offer is refused in the operator's words, and nothing changes.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startRestartRig, type RestartRig } from '../app/test-support';

let rig: RestartRig;

beforeEach(async () => {
  rig = await startRestartRig('onair-appearance-');
});
afterEach(() => rig.close());

const client = { clientId: 't' };

describe('settings.appearance', () => {
  it('follows the system at 100 % until chosen, then keeps the choice across a restart', async () => {
    const first = await rig.start({});
    expect(await first.invoke('settings.appearance', {}, client)).toEqual({
      ok: true,
      data: { theme: 'system', textSize: 100 },
    });
    await first.invoke('settings.appearance', { theme: 'light' }, client);
    expect(await first.invoke('settings.appearance', { textSize: 175 }, client)).toEqual({
      ok: true,
      data: { theme: 'light', textSize: 175 },
    });
    await first.dispose();

    const kept = JSON.parse(await readFile(join(rig.dataDir, 'settings.json'), 'utf8')) as object;
    expect(kept).toMatchObject({ appearance: { theme: 'light', textSize: 175 } });
    const second = await rig.start({});
    try {
      expect(await second.invoke('settings.appearance', {}, client)).toEqual({
        ok: true,
        data: { theme: 'light', textSize: 175 },
      });
    } finally {
      await second.dispose();
    }
  });

  it('refuses a text size it does not offer, keeping the one kept', async () => {
    const core = await rig.start({});
    try {
      await core.invoke('settings.appearance', { textSize: 150 }, client);
      const refused = await core.invoke('settings.appearance', { textSize: 300 }, client);
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'invalid-input', text: { key: 'validation.textSize' } },
      });
      expect(await core.invoke('settings.appearance', {}, client)).toMatchObject({
        data: { textSize: 150 },
      });
    } finally {
      await core.dispose();
    }
  });
});
