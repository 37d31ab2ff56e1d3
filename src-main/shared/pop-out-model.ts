/**
 * Pop-out windows (issue 35 §3, "Two screens"): the Multiview or a channel's control room in
 * a window of its own (the desktop app: a second BrowserWindow, hosts/pop-out-windows.ts; the
 * browser host: a second tab). A pop-out is the app's own page opened with a query that names
 * what it shows (`?popout=multiview`, `?popout=control-room&channel=KEY`); it subscribes to
 * main's watches like any page, and main's watch planner reads a watched task once however
 * many pages watch it (services/control-room/watch-planner.ts).
 */

/** What a pop-out window shows; each kind has one window and its own remembered bounds. */
export type PopOutKind = 'multiview' | 'control-room';

/** Every pop-out kind, for tables and tests that walk them. */
export const popOutKinds = ['multiview', 'control-room'] as const satisfies readonly PopOutKind[];

/** A pop-out to open: its kind and, for the control room, the channel it opens on. */
export interface PopOutRequest {
  kind: PopOutKind;
  /** The control room's channel (a platform channel key); absent: the page's own choice. */
  channelKey?: string;
}

/**
 * How a pop-out was opened: `window` the desktop app opened its window (or brought it
 * forward when it was already open); `tab` the host has no windows of its own (the browser
 * host), so the page that asked opens a tab at {@link popOutSearch} itself.
 */
export interface PopOutAnswer {
  opened: 'window' | 'tab';
  kind: PopOutKind;
}

/** The query string (with its `?`) of the page a pop-out loads, e.g. `?popout=multiview`. */
export function popOutSearch(request: PopOutRequest): string {
  const query = new URLSearchParams({ popout: request.kind });
  if (request.channelKey) query.set('channel', request.channelKey);
  return `?${query.toString()}`;
}

/**
 * The pop-out a page's query names (`location.search`), or null for the main window. An
 * unknown kind or a malformed channel key is not a pop-out: the page opens as the main window.
 */
export function popOutOf(search: string): PopOutRequest | null {
  const query = new URLSearchParams(search);
  const kind = query.get('popout');
  if (kind !== 'multiview' && kind !== 'control-room') return null;
  const channelKey = query.get('channel');
  if (channelKey !== null && /^[A-Za-z0-9_-]{1,64}$/.test(channelKey)) return { kind, channelKey };
  return { kind };
}
