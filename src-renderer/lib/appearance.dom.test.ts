/**
 * The theme on screen: with no choice kept it follows the OS's light or dark preference, also
 * when that changes while the app runs; a choice made in Settings is kept by main and wins over
 * the OS after a restart, and the text size scales the root font size.
 *
 * The bridge (`window.desk`) is a fake that keeps the appearance in memory, parsing each input
 * with the command's own zod schema (so a size Settings does not offer is refused as main
 * refuses it); settings.json is settings-appearance.test.ts's. `matchMedia` is jsdom's gap,
 * filled with an OS preference the test switches.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeskBridge } from '../../src-main/shared/bridge';

const kept = vi.hoisted(() => ({ appearance: { theme: 'system', textSize: 100 } }));
const os = vi.hoisted(() => ({ light: false, listeners: new Set<() => void>() }));
vi.hoisted(() => {
  const fake: Pick<DeskBridge, 'host'> & Record<string, unknown> = {
    host: 'browser',
    invoke: async (command: string, input: unknown) => {
      if (command !== 'settings.appearance') throw new Error(`unexpected ${command}`);
      const { commands } = await import('../../src-main/shared/bridge');
      const parsed = commands['settings.appearance'].input.safeParse(input);
      if (!parsed.success)
        return { ok: false, error: { code: 'invalid-input', message: parsed.error.message } };
      kept.appearance = { ...kept.appearance, ...parsed.data };
      return { ok: true, data: { ...kept.appearance } };
    },
    on: () => () => undefined,
  };
  const win = globalThis as unknown as { window: { desk?: unknown; matchMedia?: unknown } };
  win.window.desk = fake;
  win.window.matchMedia = (query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: light)' && os.light;
    },
    addEventListener: (_: string, listener: () => void) => os.listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => os.listeners.delete(listener),
  });
});

const { appearance, followSystemTheme, loadAppearance, saveAppearance } =
  await import('./appearance.svelte');

const root = document.documentElement;
/** The OS switches its preference, telling whoever listens. */
function osPrefers(theme: 'light' | 'dark') {
  os.light = theme === 'light';
  for (const listener of os.listeners) listener();
}
let stop: () => void = () => undefined;

beforeEach(() => {
  kept.appearance = { theme: 'system', textSize: 100 };
  appearance.theme = 'system';
  appearance.textSize = 100;
  os.light = false;
});
afterEach(() => stop());

describe('the theme on screen', () => {
  it('follows the OS while no theme is chosen, also when the OS changes', async () => {
    os.light = true;
    stop = followSystemTheme();
    await loadAppearance();
    expect(root.dataset.theme).toBe('light');
    expect(root.style.colorScheme).toBe('light');
    expect(root.style.getPropertyValue('--text-scale')).toBe('1');

    osPrefers('dark');
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.colorScheme).toBe('dark');
  });

  it('keeps a chosen theme and text size through main, over the OS, after a restart', async () => {
    os.light = true;
    stop = followSystemTheme();
    await saveAppearance({ theme: 'dark' });
    await saveAppearance({ textSize: 150 });
    expect(kept.appearance).toEqual({ theme: 'dark', textSize: 150 });
    expect(root.dataset.theme).toBe('dark');
    stop();

    // A restart: the renderer starts from the OS's theme, then reads what main kept.
    appearance.theme = 'system';
    appearance.textSize = 100;
    stop = followSystemTheme();
    expect(root.dataset.theme).toBe('light');
    await loadAppearance();
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.getPropertyValue('--text-scale')).toBe('1.5');
    osPrefers('light');
    expect(root.dataset.theme).toBe('dark');

    // Back to following the system: the OS's light preference shows again.
    await saveAppearance({ theme: 'system' });
    expect(root.dataset.theme).toBe('light');
  });

  it('refuses a text size Settings does not offer, and the text stays as it was', async () => {
    stop = followSystemTheme();
    await saveAppearance({ textSize: 125 });
    await expect(saveAppearance({ textSize: 300 as 200 })).rejects.toThrow();
    expect(root.style.getPropertyValue('--text-scale')).toBe('1.25');
  });
});
