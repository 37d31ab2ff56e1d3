import { describe, expect, it } from 'vitest';
import { isAppPage, secureWebPreferences } from './window-policy';

describe('window policy', () => {
  it('isolates the renderer: context isolation, sandbox, web security, no Node anywhere', () => {
    const prefs = secureWebPreferences('/app/out/preload/preload.cjs');
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      webSecurity: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      allowRunningInsecureContent: false,
    });
  });

  it('treats only the built renderer as the app page', () => {
    const prefix = 'file:///opt/onair-desk/out/renderer/';
    expect(isAppPage('file:///opt/onair-desk/out/renderer/index.html', prefix)).toBe(true);
    expect(isAppPage('https://attacker.example/', prefix)).toBe(false);
    expect(isAppPage('file:///etc/passwd', prefix)).toBe(false);
    expect(isAppPage('file:///opt/onair-desk/out/renderer-evil/index.html', prefix)).toBe(false);
    expect(isAppPage('not a url', prefix)).toBe(false);
  });
});
