/**
 * docs/security.md, "The packaged app": a compromised renderer asks main to open addresses
 * (window.open, a link). Main hands the system only the https links the app makes; any other
 * web address waits for the operator's "Open in browser"; other schemes never reach the system.
 * Electron's `shell.openExternal` and `dialog.showMessageBox` are stood in for by recorders.
 */
import type { MessageBoxOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { isAppMadeLink, openExternalLink } from './external-links';

/** A host that records what reached the system and the questions asked; `press` answers them. */
function recorder(press: 'open' | 'cancel') {
  const opened: string[] = [];
  const asked: MessageBoxOptions[] = [];
  return {
    opened,
    asked,
    host: {
      open: (url: string) => {
        opened.push(url);
        return Promise.resolve();
      },
      ask: (options: MessageBoxOptions) => {
        asked.push(options);
        return Promise.resolve({ response: press === 'open' ? 1 : 0 });
      },
      language: () => 'en' as const,
      log: () => undefined,
    },
  };
}

describe('a compromised renderer cannot open what it likes through shell.openExternal', () => {
  it('opens the documentation and console links the app makes, without asking', async () => {
    for (const url of [
      'https://docs.kollus.com/en/service-guide/live/account/creator/',
      'https://catenoid-support.gitbook.io/kollus-vod-console-v2/userguide/channel/add-edit',
      'https://api-live-kr.kollus.com/api',
    ]) {
      const { host, opened, asked } = recorder('cancel');
      expect(await openExternalLink(url, host)).toBe('opened');
      expect(opened).toEqual([url]);
      expect(asked).toEqual([]);
    }
  });

  it.each([
    'https://evil.example/login',
    'https://docs.kollus.com.evil.example/',
    'https://docs.kollus.com@evil.example/',
    'https://evilkollus.com/',
    'https://docs.kollus.com:8443/',
    'http://docs.kollus.com/',
  ])('asks before opening %s, and opens nothing when the operator cancels', async (url) => {
    const { host, opened, asked } = recorder('cancel');
    expect(isAppMadeLink(url)).toBe(false);
    expect(await openExternalLink(url, host)).toBe('asked-cancelled');
    expect(opened).toEqual([]);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      title: 'Open a link outside OnAir Desk?',
      detail: new URL(url).href,
      buttons: ['Cancel', 'Open in browser'],
      defaultId: 0,
      cancelId: 0,
    });
  });

  it('opens a foreign web address only once the operator chose to', async () => {
    const { host, opened } = recorder('open');
    expect(await openExternalLink('https://evil.example/page', host)).toBe('asked-opened');
    expect(opened).toEqual(['https://evil.example/page']);
  });

  it.each([
    'file:///etc/passwd',
    'smb://203.0.113.9/share',
    'ms-msdt:/id PCWDiagnostic',
    'javascript:alert(1)',
    'not a url',
  ])('never hands %s to the system, and does not ask', async (url) => {
    const { host, opened, asked } = recorder('open');
    expect(await openExternalLink(url, host)).toBe('refused');
    expect(opened).toEqual([]);
    expect(asked).toEqual([]);
  });
});
