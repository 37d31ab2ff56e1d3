/**
 * OS notifications in the page: main's notice policy decides what to tell (`notify`). In the
 * browser host the page shows it with the web Notification API (once the operator allowed
 * notifications) and a click opens the view concerned; in the desktop app main shows it with
 * Electron's Notification and a click arrives here as `notify.open`.
 */
import type { OsNotice } from '../../src-main/shared/notifications';
import { tMessage } from '../i18n/i18n.svelte';
import { desk } from './bridge';
import { navigation } from './navigation.svelte';

/** Opens what a clicked notification is about: its view, and its channel in the control room. */
export function openNoticeTarget(target: OsNotice['open']): void {
  navigation.go(target.view);
  if (target.channelKey) navigation.channel = target.channelKey;
}

/**
 * Follows `notify` (browser host) and `notify.open` (desktop app); returns the function that
 * stops following. Never throws: a notification the browser refuses is simply not shown.
 */
export function connectOsNotices(): () => void {
  const offs = [desk.on('notify.open', openNoticeTarget)];
  if (desk.host === 'browser') offs.push(desk.on('notify', showInBrowser));
  return () => {
    for (const off of offs) off();
  };
}

function showInBrowser(notice: OsNotice): void {
  try {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const shown = new Notification(tMessage(notice.title), {
      body: tMessage(notice.body),
      tag: `onair-desk-${notice.id}`,
    });
    shown.onclick = () => {
      window.focus();
      openNoticeTarget(notice.open);
      shown.close();
    };
  } catch {
    // Notifications are a courtesy: every view shows its own state.
  }
}

/** Whether the browser may show notifications: `granted`, `denied`, `default`, or unsupported. */
export function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}
