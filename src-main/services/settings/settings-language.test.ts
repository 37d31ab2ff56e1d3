/**
 * The interface language chosen in the settings menu outlives a restart, follows the OS
 * locale when none is chosen, and a refused input reaches the renderer as a catalogue
 * message it shows in Korean.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startRestartRig, type RestartRig } from '../app/test-support';

let rig: RestartRig;
let dataDir: string;

beforeEach(async () => {
  rig = await startRestartRig('onair-language-');
  ({ dataDir } = rig);
});
afterEach(() => rig.close());

const start = (systemLocale?: string) => rig.start(systemLocale ? { systemLocale } : {});

const client = { clientId: 't' };

describe('settings.language', () => {
  it('keeps the chosen language across a restart, beside the active workspace', async () => {
    const first = await start('ko-KR');
    expect(await first.invoke('settings.language', {}, client)).toEqual({
      ok: true,
      data: { language: null, systemLanguage: 'ko' },
    });
    await first.invoke('settings.language', { language: 'en' }, client);
    await first.dispose();

    const settings = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')) as object;
    expect(settings).toMatchObject({ activeWorkspace: 'sandbox', language: 'en' });
    const second = await start();
    try {
      expect(await second.invoke('settings.language', {}, client)).toEqual({
        ok: true,
        data: { language: 'en', systemLanguage: null },
      });
      await second.invoke('settings.language', { language: null }, client);
      expect(await second.invoke('settings.language', {}, client)).toMatchObject({
        data: { language: null },
      });
    } finally {
      await second.dispose();
    }
  });

  it('refuses a language it does not speak, in words the renderer can translate', async () => {
    const core = await start();
    try {
      const refused = await core.invoke('settings.language', { language: 'fr' }, client);
      expect(refused.ok).toBe(false);
      const renamed = await core.invoke(
        'broadcast.rename',
        { broadcastKey: 'b1', title: ' ' },
        client,
      );
      expect(renamed).toMatchObject({
        ok: false,
        error: {
          code: 'invalid-input',
          message: 'A broadcast needs a title.',
          text: { key: 'validation.broadcastTitle' },
          fieldTexts: { title: [{ key: 'validation.broadcastTitle' }] },
        },
      });
    } finally {
      await core.dispose();
    }
  });
});
