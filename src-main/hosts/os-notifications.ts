/**
 * The desktop app's OS notifications: each `notify` event of the core (main's notice policy,
 * services/notifications/notice-policy.ts) is shown with Electron's `Notification`, in the
 * app's language (the menu's). A click brings the app's window forward and tells its page
 * which view to open (`notify.open`, with the channel to focus where it applies).
 */
import type { Notification, NotificationConstructorOptions } from 'electron';
import type { DeskCore } from '../services/app/desk-core';
import { createI18n, type Language } from '../shared/i18n';
import { resolveParams, type MessageRef } from '../shared/i18n/message';
import type { OsNotice } from '../shared/notifications';

/** One shown notification: what of Electron's `Notification` is used. */
export type ShownNotification = Pick<Notification, 'show' | 'close'> & {
  on(event: 'click' | 'close', listener: () => void): unknown;
};

/** Electron's `Notification` as used here: a typed fake stands in for it in tests. */
export interface NotificationApi {
  /** `Notification.isSupported()`: false where the OS has no notifications. */
  isSupported(): boolean;
  /** `new Notification(options)`. */
  create(options: NotificationConstructorOptions): ShownNotification;
}

/** The window a click brings forward: what of `BrowserWindow` is used. */
export interface NoticeWindow {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
  /** Pushes `notify.open` to the page (the IPC event channel). */
  open(target: OsNotice['open']): void;
}

/** Electron's `Notification` class as a {@link NotificationApi}. */
export function electronNotifications(NotificationClass: typeof Notification): NotificationApi {
  return {
    isSupported: () => NotificationClass.isSupported(),
    create: (options) => new NotificationClass(options),
  };
}

/**
 * Shows every `notify` of `core` as an OS notification; answers the function that stops.
 * Notifications are kept referenced until clicked or closed, so their click still arrives.
 * @param language the app's language now (the menu's).
 * @param window the app's main window, or null while there is none.
 */
export function showOsNotices(
  core: Pick<DeskCore, 'subscribe'>,
  api: NotificationApi,
  language: () => Language,
  window: () => NoticeWindow | null,
): () => void {
  const shown = new Set<ShownNotification>();
  return core.subscribe((event, payload) => {
    if (event !== 'notify' || !api.isSupported()) return;
    const notice = payload as OsNotice;
    const i18n = createI18n(language());
    const text = (message: MessageRef): string =>
      i18n.t(message.key, resolveParams(message.params, text) ?? {});
    const notification = api.create({ title: text(notice.title), body: text(notice.body) });
    shown.add(notification);
    notification.on('close', () => shown.delete(notification));
    notification.on('click', () => {
      shown.delete(notification);
      const target = window();
      if (!target || target.isDestroyed()) return;
      if (target.isMinimized()) target.restore();
      target.show();
      target.focus();
      target.open(notice.open);
    });
    notification.show();
  });
}
