import { describe, expect, it } from 'vitest';
import type {
  PermissionCheckHandlerHandlerDetails,
  PermissionRequest,
  WebContents,
} from 'electron';
import { installPermissionPolicy, type PermissionSession } from './permission-policy';
import { isAppPage } from './window-policy';

type RequestHandler = Parameters<PermissionSession['setPermissionRequestHandler']>[0];
type CheckHandler = Parameters<PermissionSession['setPermissionCheckHandler']>[0];
type RequestPermission = Parameters<NonNullable<RequestHandler>>[1];
type CheckPermission = Parameters<NonNullable<CheckHandler>>[1];

const prefix = 'file:///opt/onair-desk/resources/app.asar/out/renderer/';
const appPage = `${prefix}index.html#/uploads`;
const isAppUrl = (url: string) => isAppPage(url, prefix);

/** Electron's session as far as the policy uses it: it keeps the handlers it is given. */
function fakeSession() {
  let request: RequestHandler = null;
  let check: CheckHandler = null;
  const session: PermissionSession = {
    setPermissionRequestHandler: (handler) => void (request = handler),
    setPermissionCheckHandler: (handler) => void (check = handler),
  };
  // Only getURL is read; the rest of WebContents is Electron's and not faked.
  const contents = (url: string) => ({ getURL: () => url }) as unknown as WebContents;
  return {
    session,
    /** What a page's permission request is answered (Electron calls back once). */
    request(permission: RequestPermission, requestingUrl: string, isMainFrame = true) {
      if (!request) throw new Error('no permission request handler installed');
      const answers: boolean[] = [];
      const details: PermissionRequest = { requestingUrl, isMainFrame };
      request(contents(requestingUrl), permission, (granted) => answers.push(granted), details);
      expect(answers).toHaveLength(1);
      return answers[0];
    },
    /** What a page's permission check (e.g. `Notification.permission`) is answered. */
    check(
      permission: CheckPermission,
      requestingUrl: string | undefined,
      isMainFrame = true,
      pageUrl = appPage,
    ) {
      if (!check) throw new Error('no permission check handler installed');
      const details: PermissionCheckHandlerHandlerDetails = {
        isMainFrame,
        ...(requestingUrl === undefined ? {} : { requestingUrl }),
      };
      return check(contents(pageUrl), permission, 'file:///', details);
    },
  };
}

describe('desktop permissions', () => {
  it('grants notifications and clipboard writes to the app page, on request and on check', () => {
    const electron = fakeSession();
    installPermissionPolicy(electron.session, isAppUrl);
    // Upload notifications show, and Notification.permission reads "granted".
    expect(electron.request('notifications', appPage)).toBe(true);
    expect(electron.check('notifications', appPage)).toBe(true);
    // Every Copy button's navigator.clipboard.writeText.
    expect(electron.request('clipboard-sanitized-write', appPage)).toBe(true);
    expect(electron.check('clipboard-sanitized-write', appPage)).toBe(true);
    // A check without a requesting URL is judged by the page the contents show.
    expect(electron.check('notifications', undefined)).toBe(true);
    expect(electron.check('notifications', undefined, true, 'https://elsewhere.example/')).toBe(
      false,
    );
  });

  it('refuses every other permission, even to the app page', () => {
    const electron = fakeSession();
    installPermissionPolicy(electron.session, isAppUrl);
    const requests: RequestPermission[] = [
      'clipboard-read',
      'media',
      'geolocation',
      'display-capture',
      'openExternal',
      'fullscreen',
      'midiSysex',
      'window-management',
      'unknown',
    ];
    for (const permission of requests) expect(electron.request(permission, appPage)).toBe(false);
    const checks: CheckPermission[] = ['clipboard-read', 'media', 'usb', 'serial', 'hid'];
    for (const permission of checks) expect(electron.check(permission, appPage)).toBe(false);
  });

  it('refuses other origins and sub frames the two permissions it grants', () => {
    const electron = fakeSession();
    installPermissionPolicy(electron.session, isAppUrl);
    for (const url of ['https://attacker.example/', 'file:///etc/passwd', 'http://127.0.0.1/']) {
      expect(electron.request('notifications', url)).toBe(false);
      expect(electron.request('clipboard-sanitized-write', url)).toBe(false);
      expect(electron.check('notifications', url)).toBe(false);
    }
    expect(electron.request('notifications', appPage, false)).toBe(false);
    expect(electron.check('clipboard-sanitized-write', appPage, false)).toBe(false);
  });
});
