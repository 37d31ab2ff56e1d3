/**
 * Which channels of the open workspace main has seen on air, from the live state the watch
 * planner already reads for the views (no platform call of its own): the control room's channel
 * list (`watch.update` kind `channels`), a watched broadcast (`broadcast`) and the Multiview's
 * list of every on-air broadcast of the account (`onair`). Pure, without Electron: the updates
 * (hosts/updates.ts) and keep-awake (hosts/keep-awake.ts) read it.
 *
 * A channel seen on air counts until a later read shows it off air: a view that closes does not
 * take the channel off air, so what was last seen holds (waiting for an update, or keeping the
 * computer awake, one read too long is the safe side). Switching workspaces forgets the previous
 * workspace's channels: its watches stop, and its broadcasts are not this workspace's show.
 */
import type { WatchUpdate } from '../shared/model';

export class OnAirTracker {
  /** Channel key → on air, as last seen. */
  private readonly channels = new Map<string, boolean>();
  private workspaceId: string | null = null;

  /** A `watch.update` of the core: channel lists, broadcasts and the on-air list count. */
  seen(update: WatchUpdate): void {
    if (update.kind === 'channels') {
      for (const channel of update.data.items) this.channels.set(channel.key, channel.onAir);
    } else if (update.kind === 'broadcast') {
      this.channels.set(update.data.channelKey, update.data.onAir);
    } else if (update.kind === 'onair') {
      // The whole account's on-air list: whatever is not in it is off air.
      const onAir = new Set(update.data.broadcasts.map((b) => b.channelKey));
      // A first page that did not hold every on-air broadcast says nothing of the others.
      const complete = update.data.total <= update.data.broadcasts.length;
      if (complete) for (const key of this.channels.keys()) this.channels.set(key, false);
      for (const key of onAir) this.channels.set(key, true);
    }
  }

  /** The open workspace is `id` (`workspace.changed`); a different one forgets what was seen. */
  workspace(id: string): void {
    if (this.workspaceId !== null && this.workspaceId !== id) this.channels.clear();
    this.workspaceId = id;
  }

  /** How many channels of the open workspace were last seen on air. */
  onAir(): number {
    let count = 0;
    for (const on of this.channels.values()) if (on) count += 1;
    return count;
  }
}
