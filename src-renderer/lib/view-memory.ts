/**
 * The open view, kept in the window's session storage so that a reload (the desktop app
 * reloads a renderer that crashed or hung) comes back to it. Session storage lives as long
 * as the window, survives a reload, and is not shared with other windows or later runs.
 */
import { views, type View } from '../../src-main/shared/views';

/** The app's views, in the top bar's order (shared/views.ts: a pop-out asks for them too). */
export { views, type View };

const storageKey = 'onair-desk.view';

/** The storage this window has, or null (none, or refused). */
type ViewStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The view to open: the one kept in `store`, else the control room. Never throws. */
export function rememberedView(store: ViewStore | null): View {
  try {
    const kept = store?.getItem(storageKey);
    return views.find((view) => view === kept) ?? 'control-room';
  } catch {
    return 'control-room';
  }
}

/** Keeps `view` in `store` for the next reload. Never throws. */
export function rememberView(store: ViewStore | null, view: View): void {
  try {
    store?.setItem(storageKey, view);
  } catch {
    // Storage refused (full, or disabled): a reload then opens the control room.
  }
}

/** This window's session storage, where the page has one. */
export function sessionStore(): ViewStore | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
