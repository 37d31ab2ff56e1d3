/**
 * What a desktop window's page can reach (src-main/hosts/window-policy.ts, the hardening every
 * window shares): read from inside the page, for the `_electron` specs of the main window
 * (desktop.spec.ts) and of the pop-outs (pop-out.spec.ts).
 */
import type { Page } from '@playwright/test';

/** What a page of a hardened window sees: no Node, the bridge's four keys, no new window. */
export const hardenedPage = {
  process: 'undefined',
  require: 'undefined',
  bridge: ['filePaths', 'host', 'invoke', 'on'],
  opened: true,
} as const;

/**
 * Reads from `page` whether Node's `process` and `require` exist, the bridge's keys (sorted),
 * and whether `window.open` of a loopback address was refused (`opened: true` when it answered
 * null; the window-open handler refuses it before anything is sent).
 */
export function pageHardening(page: Page): Promise<{
  process: string;
  require: string;
  bridge: string[];
  opened: boolean;
}> {
  return page.evaluate(() => ({
    process: typeof (globalThis as { process?: unknown }).process,
    require: typeof (globalThis as { require?: unknown }).require,
    bridge: Object.keys((window as unknown as { desk: object }).desk).sort(),
    opened: window.open('http://127.0.0.1:9/') === null,
  }));
}
