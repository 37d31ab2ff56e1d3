/**
 * What the desktop app's page may use of the web platform's permissions: notifications
 * (upload results) and clipboard writes (every Copy button), for the app's own page only,
 * and nothing else. Kept free of a runtime 'electron' import so that
 * it is tested with a typed fake of the session where the Electron runtime is missing.
 *
 * Electron asks twice: a permission *check* (`Notification.permission`, the clipboard's
 * precondition) and a permission *request* (`Notification.requestPermission()`, a write
 * that the check did not allow). Both answers come from {@link allowsPermission}, so a page
 * never sees "granted" from one and "denied" from the other.
 */
import type { Session } from 'electron';

/** The permissions the app's page is granted; Electron's names for them. */
export const grantedPermissions: readonly string[] = ['notifications', 'clipboard-sanitized-write'];

/** The part of Electron's `Session` the policy installs itself on. */
export type PermissionSession = Pick<
  Session,
  'setPermissionRequestHandler' | 'setPermissionCheckHandler'
>;

/** Who asks: the URL its frame last loaded, and whether it is the top frame. */
export interface PermissionAsker {
  /** The frame's URL; missing when Electron does not say (cross-origin sub frames). */
  requestingUrl: string | undefined;
  isMainFrame: boolean;
}

/**
 * Whether `permission` is granted to `asker`: only {@link grantedPermissions}, only to the
 * top frame, only when that frame shows the app's own page (`isAppUrl`, the built renderer's
 * file:// folder). Everything else, including an unknown asker, is refused.
 */
export function allowsPermission(
  permission: string,
  asker: PermissionAsker,
  isAppUrl: (url: string) => boolean,
): boolean {
  if (!grantedPermissions.includes(permission)) return false;
  if (!asker.isMainFrame || asker.requestingUrl === undefined) return false;
  return isAppUrl(asker.requestingUrl);
}

/**
 * Installs the policy as both the permission request handler and the permission check
 * handler of `session` (the desktop app passes `session.defaultSession`). The check falls
 * back to the web contents' own URL when Electron gives no requesting URL.
 */
export function installPermissionPolicy(
  session: PermissionSession,
  isAppUrl: (url: string) => boolean,
): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(
      allowsPermission(
        permission,
        { requestingUrl: details.requestingUrl, isMainFrame: details.isMainFrame },
        isAppUrl,
      ),
    );
  });
  session.setPermissionCheckHandler((contents, permission, _origin, details) =>
    allowsPermission(
      permission,
      {
        requestingUrl: details.requestingUrl ?? contents?.getURL(),
        isMainFrame: details.isMainFrame,
      },
      isAppUrl,
    ),
  );
}
