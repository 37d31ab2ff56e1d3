/**
 * Which view is open, as reactive state shared by the top bar and any view that sends the
 * operator elsewhere (a view missing an API offers to pair: it opens Accounts with the
 * pairing control focused). The open view survives a reload (view-memory.ts).
 */

import { rememberView, rememberedView, sessionStore, views, type View } from './view-memory';

export type { View } from './view-memory';

/** Where to put the focus when a view opens; `pairing` is the Accounts view's pairing control. */
export type FocusTarget = 'pairing' | null;

class Navigation {
  /** The view open before a reload (a crashed renderer comes back to it), else the control room. */
  view = $state<View>(rememberedView(sessionStore()));
  /** Taken (and cleared) by the view that owns the control once it is on screen. */
  focus = $state<FocusTarget>(null);
  /** A channel to focus in the control room (a clicked notification); taken and cleared there. */
  channel = $state<string | null>(null);
  /**
   * The place (from 1) of a channel to focus in the control room's list, as the keys 1 … 9
   * count it (a panel's "focus channel N"); taken and cleared there once the list is read.
   */
  channelAt = $state<number | null>(null);
  /** The channel the Activity view opens filtered to (the broadcast panel's link); taken there. */
  activityChannel = $state<string | null>(null);

  /** Opens `view`, optionally focusing one of its controls. */
  go(view: View, focus: FocusTarget = null): void {
    this.view = view;
    this.focus = focus;
    rememberView(sessionStore(), view);
  }
}

/**
 * The views in the top bar's order (Shift+1 … Shift+9, then Shift+0 for the tenth, open them
 * by place, lib/nav-keys.ts); the Multiview sits beside the control room it focuses:
 * Rehearsal, which drives the sandbox's simulated platform, only in the sandbox workspace;
 * Activity last (its place after Rehearsal keeps the other views' keys as they were).
 */
export function topBarViews(sandbox: boolean): View[] {
  return views.filter((view) => sandbox || view !== 'rehearsal');
}

/** The one navigation state of the app. */
export const navigation = new Navigation();

/** Opens Accounts with the pairing control focused (the "offer to pair" of a view). */
export function openPairing(): void {
  navigation.go('accounts', 'pairing');
}

/** Opens Activity filtered to one channel (click 1 from the broadcast panel). */
export function openActivity(channelKey: string): void {
  navigation.activityChannel = channelKey;
  navigation.go('activity');
}
