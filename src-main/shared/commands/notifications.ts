/**
 * Events of OS notifications (`shared/notifications.ts`): main's notice policy decides what to
 * tell, the host shows it. No commands: which kinds are on is `settings.notifications`.
 */
import type { OsNotice } from '../notifications';
import { defineEvents, event } from './define';

/** Events of OS notifications. */
export const notificationEvents = defineEvents({
  /** Something the operator must not miss: the host shows it as an OS notification. */
  notify: event<OsNotice>(),
  /**
   * The operator clicked an OS notification the desktop host showed: the page opens its view
   * (and focuses the channel). Sent by the Electron host only; the browser page hears its own
   * notification's click.
   */
  'notify.open': event<OsNotice['open']>(),
});
