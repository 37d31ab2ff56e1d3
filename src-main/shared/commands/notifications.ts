/**
 * Events of OS notifications (`shared/notifications.ts`) and sound cues
 * (`shared/sound-cues.ts`): main's policies decide what to tell, the host shows or plays it.
 * No commands: which kinds are on is `settings.notifications` and `settings.sounds`. Both
 * events are a workstation's own: a studio hub never passes its notices and cues to its seats,
 * each seat decides its own from what it sees, with its own switches (desk-observers.ts).
 */
import type { OsNotice } from '../notifications';
import type { SoundCue } from '../sound-cues';
import { defineEvents, event } from './define';

/** Events of OS notifications. */
export const notificationEvents = defineEvents({
  /** Something the operator must not miss: the host shows it as an OS notification. */
  notify: event<OsNotice>('workstation'),
  /**
   * The operator clicked an OS notification the desktop host showed: the page opens its view
   * (and focuses the channel). Sent by the Electron host only; the browser page hears its own
   * notification's click.
   */
  'notify.open': event<OsNotice['open']>('workstation'),
  /** A sound cue to play once (services/notifications/sound-cue-policy.ts decided it). */
  'sound.cue': event<SoundCue>('workstation'),
});
