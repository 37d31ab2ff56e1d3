/**
 * One desk per data folder on every OS: the desktop app and the browser host take their
 * default data folder from the same function, which names the same folder Electron's
 * `userData` was on each OS.
 */
import { describe, expect, it } from 'vitest';
import { defaultDataFolder } from './data-folder';

describe('defaultDataFolder', () => {
  it('Linux: ~/.config/onair-desk, or under an absolute XDG_CONFIG_HOME', () => {
    expect(defaultDataFolder('linux', {}, '/home/pd')).toBe('/home/pd/.config/onair-desk');
    expect(defaultDataFolder('linux', { XDG_CONFIG_HOME: '/srv/conf' }, '/home/pd')).toBe(
      '/srv/conf/onair-desk',
    );
    // A relative XDG_CONFIG_HOME is invalid by the XDG spec and ignored.
    expect(defaultDataFolder('linux', { XDG_CONFIG_HOME: 'conf' }, '/home/pd')).toBe(
      '/home/pd/.config/onair-desk',
    );
  });

  it('macOS: ~/Library/Application Support/onair-desk, whatever XDG_CONFIG_HOME says', () => {
    expect(defaultDataFolder('darwin', { XDG_CONFIG_HOME: '/x' }, '/Users/pd')).toBe(
      '/Users/pd/Library/Application Support/onair-desk',
    );
  });

  it('Windows: %APPDATA%\\onair-desk, or the roaming folder under the home folder', () => {
    expect(
      defaultDataFolder('win32', { APPDATA: 'C:\\Users\\pd\\AppData\\Roaming' }, 'C:\\Users\\pd'),
    ).toBe('C:\\Users\\pd\\AppData\\Roaming\\onair-desk');
    expect(defaultDataFolder('win32', {}, 'C:\\Users\\pd')).toBe(
      'C:\\Users\\pd\\AppData\\Roaming\\onair-desk',
    );
  });
});
