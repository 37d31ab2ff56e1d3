/**
 * The OS notifications an operator must not miss while looking elsewhere: their kinds (each
 * one can be turned off in Settings, `settings.json`), and the notice main pushes as the
 * `notify` event for the host to show (Electron's `Notification` in the desktop app, the web
 * Notification API in the browser host).
 */
import type { MessageRef } from './i18n/message';

/** The kinds of OS notification, in the order Settings lists them. */
export const osNoticeKinds = [
  /** A watched broadcast went off air. */
  'offAir',
  /** A manual recording stopped without a stop command from this app. */
  'recordingStopped',
  /** The platform refused the workspace's token (401). */
  'tokenRefused',
  /** A stored token expires within 7 days, then within a day (each told once). */
  'tokenExpiring',
  /** The platform paused the budget (429) for longer than 10 s. */
  'budgetPaused',
  /** An upload batch or the download list finished, or some of its files failed. */
  'transfers',
] as const;

/** One kind of OS notification. */
export type OsNoticeKind = (typeof osNoticeKinds)[number];

/** Which kinds of OS notification are on (all are on unless the operator turned one off). */
export type OsNoticeSwitches = Record<OsNoticeKind, boolean>;

/** Every kind on: the default. */
export const allNoticesOn: OsNoticeSwitches = {
  offAir: true,
  recordingStopped: true,
  tokenRefused: true,
  tokenExpiring: true,
  budgetPaused: true,
  transfers: true,
};

/** The view a click on a notification opens (`view-memory.ts`'s names). */
export type OsNoticeView = 'control-room' | 'uploads' | 'recordings' | 'accounts';

/** One OS notification main decided on (the `notify` event). */
export interface OsNotice {
  /** Unique in this run of main (`notify-1`, `notify-2`...). */
  id: string;
  kind: OsNoticeKind;
  /** When main decided, epoch ms UTC (the injected clock's). */
  at: number;
  /** The notification's title, in the operator's language once translated. */
  title: MessageRef;
  /** Its body. */
  body: MessageRef;
  /** What a click opens: a view, and the channel to focus in the control room where it applies. */
  open: { view: OsNoticeView; channelKey?: string };
}
