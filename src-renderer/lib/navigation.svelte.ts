/**
 * Which view is open, as reactive state shared by the top bar and any view that sends the
 * operator elsewhere (a view missing an API offers to pair: it opens Accounts with the
 * pairing control focused).
 */

/** The app's views. */
export type View =
  | 'control-room'
  | 'schedule'
  | 'channels'
  | 'recordings'
  | 'statistics'
  | 'library'
  | 'uploads'
  | 'accounts';

/** Where to put the focus when a view opens; `pairing` is the Accounts view's pairing control. */
export type FocusTarget = 'pairing' | null;

class Navigation {
  view = $state<View>('control-room');
  /** Taken (and cleared) by the view that owns the control once it is on screen. */
  focus = $state<FocusTarget>(null);

  /** Opens `view`, optionally focusing one of its controls. */
  go(view: View, focus: FocusTarget = null): void {
    this.view = view;
    this.focus = focus;
  }
}

/** The one navigation state of the app. */
export const navigation = new Navigation();

/** Opens Accounts with the pairing control focused (the "offer to pair" of a view). */
export function openPairing(): void {
  navigation.go('accounts', 'pairing');
}
