/**
 * The activity recorder: turns what main already observes (the watch planner's channel and
 * broadcast reads and failed polls, the schedulers' 429 pauses, the upload list) into event
 * lines of the workspace's journal (docs/dev/architecture.md, "Activity"), and names the channel
 * of a command's target for its audit record. Pure: no timer, no I/O, no platform call;
 * every observation carries its time on the injected clock (epoch ms UTC).
 *
 * - `on-air` / `off-air`: a channel's on-air flag changed between two reads, or a channel is
 *   first seen on air in this run (so a restart during a show records its on-air line again);
 * - `recording-started` / `recording-stopped`: a broadcast's manual recording flag changed
 *   between two of its reads, whoever changed it (this desk, another, the broadcast ending),
 *   or a broadcast is first seen recording in this run;
 * - `budget-429`: a scheduler began a pause after the platform refused with 429;
 * - `stale` / `fresh`: a watch's poll failed, and later answered again;
 * - `upload`: an upload seen at work in this run ended done or needing attention.
 */
import type { ActivityEvent } from '../core/audit-log';
import type { Broadcast, ChannelSummary, WatchUpdate } from '../../shared/model';
import type { UploadItem } from '../../shared/uploads';

/** An event line without its workspace (the journal's writer adds it). */
export type RecordedEvent = Omit<ActivityEvent, 'workspace'>;

const uploadActive = new Set(['queued', 'uploading', 'processing', 'paused', 'retrying']);

/** What main knows of a channel from its reads. */
interface ChannelSeen {
  title: string | null;
  onAir: boolean | null;
  broadcastKey: string | null;
  broadcastTitle: string | null;
}

/** The recorder of one run of main (it outlives workspace switches, as keys are per platform). */
export class ActivityRecorder {
  readonly #channels = new Map<string, ChannelSeen>();
  /** Broadcast key → channel key, from every read that named both. */
  readonly #broadcastChannel = new Map<string, string>();
  readonly #broadcastTitle = new Map<string, string>();
  /** `topic:subject` of watches whose last poll failed. */
  readonly #stale = new Set<string>();
  /** Per API: whether a 429 pause is under way. */
  readonly #paused = new Set<string>();
  /** Broadcast key → its manual recording flag as last read. */
  readonly #recording = new Map<string, boolean>();
  /** Upload items seen at work in this run, with their last state. */
  readonly #uploads = new Map<string, { state: string; active: boolean }>();

  /** A watch update (the planner's push): on/off air, recording, stale and fresh lines. */
  watch(at: number, update: WatchUpdate): RecordedEvent[] {
    const when = new Date(at).toISOString();
    if (update.kind === 'error') {
      if (update.afterSleep || update.standingDown) return [];
      const id = `${update.topic}:${update.subject}`;
      if (this.#stale.has(id)) return [];
      this.#stale.add(id);
      return [
        {
          kind: 'stale',
          at: when,
          topic: update.topic,
          message: update.message,
          ...this.#about(
            update.topic === 'channels' || update.subject === 'account' ? null : update.subject,
          ),
        },
      ];
    }
    const subject =
      update.kind === 'channels'
        ? update.watchId
        : update.kind === 'onair' || update.kind === 'audience'
          ? 'account'
          : update.broadcastKey;
    const out: RecordedEvent[] = [];
    const id = `${update.kind}:${subject}`;
    if (this.#stale.delete(id))
      out.push({
        kind: 'fresh',
        at: when,
        topic: update.kind,
        ...this.#about(subject === 'account' || update.kind === 'channels' ? null : subject),
      });
    if (update.kind === 'channels') {
      for (const channel of update.data.items) out.push(...this.#channel(when, channel));
    } else if (update.kind === 'broadcast') {
      out.push(...this.#broadcast(when, update.data));
    } else if (update.kind === 'onair') {
      // The Multiview's one read of every broadcast on air: each one's on-air line.
      for (const broadcast of update.data.broadcasts) out.push(...this.#broadcast(when, broadcast));
    }
    return out;
  }

  /** A scheduler's state: a pause that begins (`rateLimitedUntil` ahead) gives one line. */
  budget(at: number, api: string, rateLimitedUntil: number | null): RecordedEvent[] {
    if (rateLimitedUntil === null || rateLimitedUntil <= at) {
      this.#paused.delete(api);
      return [];
    }
    if (this.#paused.has(api)) return [];
    this.#paused.add(api);
    return [
      {
        kind: 'budget-429',
        at: new Date(at).toISOString(),
        api,
        until: new Date(rateLimitedUntil).toISOString(),
      },
    ];
  }

  /** Upload items that changed: one line for each that ended after being seen at work. */
  uploads(
    at: number,
    items: readonly Pick<UploadItem, 'id' | 'name' | 'state' | 'problem'>[],
  ): RecordedEvent[] {
    const out: RecordedEvent[] = [];
    for (const item of items) {
      const seen = this.#uploads.get(item.id);
      const active = (seen?.active ?? false) || uploadActive.has(item.state);
      this.#uploads.set(item.id, { state: item.state, active });
      if (!active || seen?.state === item.state) continue;
      if (item.state !== 'done' && item.state !== 'needs-attention') continue;
      out.push({
        kind: 'upload',
        at: new Date(at).toISOString(),
        file: item.name,
        outcome: item.state === 'done' ? 'done' : 'failed',
        ...(item.problem ? { message: item.problem.message } : {}),
      });
    }
    return out;
  }

  /**
   * Learns channel titles and broadcasts' channels from what a command answered (a channel
   * list page, a broadcast; `Fresh` or not). Writes no line: on-air changes come from watches.
   */
  learn(output: unknown): void {
    const value =
      output !== null && typeof output === 'object' && 'data' in output ? output.data : output;
    const broadcast = broadcastOf(value);
    if (broadcast) {
      this.#broadcastChannel.set(broadcast.key, broadcast.channelKey);
      this.#broadcastTitle.set(broadcast.key, broadcast.title);
      return;
    }
    const items =
      value !== null && typeof value === 'object' && 'items' in value ? value.items : null;
    if (!Array.isArray(items)) return;
    for (const item of items as unknown[]) {
      if (item === null || typeof item !== 'object') continue;
      const { key, title, latestBroadcast } = item as Record<string, unknown>;
      if (typeof key !== 'string' || typeof title !== 'string' || !('onAir' in item)) continue;
      const seen = this.#channels.get(key);
      this.#channels.set(key, {
        title,
        onAir: seen?.onAir ?? null,
        broadcastKey: seen?.broadcastKey ?? null,
        broadcastTitle: seen?.broadcastTitle ?? null,
      });
      if (latestBroadcast !== null && typeof latestBroadcast === 'object') {
        const latest = latestBroadcast as Record<string, unknown>;
        if (typeof latest['key'] === 'string') {
          this.#broadcastChannel.set(latest['key'], key);
          if (typeof latest['title'] === 'string')
            this.#broadcastTitle.set(latest['key'], latest['title']);
        }
      }
    }
  }

  /**
   * A command's audit target with the channel named: a target that names a broadcast main
   * has read (in a watch, or in this command's answer: a broadcast, possibly `Fresh`) gets its
   * `channelKey` and `channelTitle`; one that names a channel gets its title.
   */
  describeTarget(
    target: Record<string, string | string[]>,
    output?: unknown,
  ): Record<string, string | string[]> {
    const answered = broadcastOf(output);
    if (answered) {
      this.#broadcastChannel.set(answered.key, answered.channelKey);
      this.#broadcastTitle.set(answered.key, answered.title);
    }
    const broadcastKey = target['broadcastKey'];
    const channelKey =
      typeof target['channelKey'] === 'string'
        ? target['channelKey']
        : typeof broadcastKey === 'string'
          ? this.#broadcastChannel.get(broadcastKey)
          : undefined;
    if (channelKey === undefined) return target;
    const title = this.#channels.get(channelKey)?.title;
    const broadcastTitle =
      typeof broadcastKey === 'string' ? this.#broadcastTitle.get(broadcastKey) : undefined;
    return {
      ...target,
      channelKey,
      ...(title && target['channelTitle'] === undefined ? { channelTitle: title } : {}),
      ...(broadcastTitle && target['broadcastTitle'] === undefined ? { broadcastTitle } : {}),
    };
  }

  #about(broadcastKey: string | null): Partial<RecordedEvent> {
    if (broadcastKey === null) return {};
    const channelKey = this.#broadcastChannel.get(broadcastKey);
    const channelTitle = channelKey ? this.#channels.get(channelKey)?.title : null;
    const broadcastTitle = this.#broadcastTitle.get(broadcastKey);
    return {
      broadcastKey,
      ...(broadcastTitle ? { broadcastTitle } : {}),
      ...(channelKey ? { channelKey } : {}),
      ...(channelTitle ? { channelTitle } : {}),
    };
  }

  #channel(when: string, channel: ChannelSummary): RecordedEvent[] {
    const latest = channel.latestBroadcast;
    if (latest) {
      this.#broadcastChannel.set(latest.key, channel.key);
      this.#broadcastTitle.set(latest.key, latest.title);
    }
    return this.#onAir(
      when,
      channel.key,
      channel.title,
      channel.onAir,
      latest?.key ?? null,
      latest?.startedAt ?? null,
    );
  }

  #broadcast(when: string, b: Broadcast): RecordedEvent[] {
    this.#broadcastChannel.set(b.key, b.channelKey);
    this.#broadcastTitle.set(b.key, b.title);
    const seen = this.#channels.get(b.channelKey);
    // An older broadcast of the channel read after a newer one says nothing of the channel now.
    if (seen?.broadcastKey && seen.broadcastKey !== b.key && !b.onAir)
      return this.#recorded(when, b);
    return [
      ...this.#onAir(when, b.channelKey, seen?.title ?? null, b.onAir, b.key, b.startedAt),
      ...this.#recorded(when, b),
    ];
  }

  /** A broadcast's recording line: its flag changed since its last read, or first seen on. */
  #recorded(when: string, b: Broadcast): RecordedEvent[] {
    const before = this.#recording.get(b.key) ?? null;
    this.#recording.set(b.key, b.recording);
    if (before === b.recording || (before === null && !b.recording)) return [];
    return [
      {
        kind: b.recording ? 'recording-started' : 'recording-stopped',
        at: when,
        ...this.#about(b.key),
        ...(b.recording && b.recordingStartedAt ? { since: b.recordingStartedAt } : {}),
      },
    ];
  }

  #onAir(
    when: string,
    channelKey: string,
    title: string | null,
    onAir: boolean,
    broadcastKey: string | null,
    startedAt: string | null,
  ): RecordedEvent[] {
    const seen = this.#channels.get(channelKey);
    this.#channels.set(channelKey, {
      title: title ?? seen?.title ?? null,
      onAir,
      broadcastKey: broadcastKey ?? seen?.broadcastKey ?? null,
      broadcastTitle: broadcastKey ? (this.#broadcastTitle.get(broadcastKey) ?? null) : null,
    });
    const before = seen?.onAir ?? null;
    if (before === onAir || (before === null && !onAir)) return [];
    const key = broadcastKey ?? seen?.broadcastKey ?? null;
    const channelTitle = title ?? seen?.title ?? null;
    const broadcastTitle = key ? this.#broadcastTitle.get(key) : undefined;
    return [
      {
        kind: onAir ? 'on-air' : 'off-air',
        at: when,
        channelKey,
        ...(channelTitle ? { channelTitle } : {}),
        ...(key ? { broadcastKey: key } : {}),
        ...(broadcastTitle ? { broadcastTitle } : {}),
        ...(onAir && startedAt ? { since: startedAt } : {}),
      },
    ];
  }
}

/** The broadcast a command answered (`Broadcast` or `Fresh<Broadcast>`), when it did. */
function broadcastOf(output: unknown): { key: string; channelKey: string; title: string } | null {
  const value =
    output !== null && typeof output === 'object' && 'data' in output ? output.data : output;
  if (value === null || typeof value !== 'object') return null;
  const { key, channelKey, title } = value as Record<string, unknown>;
  return typeof key === 'string' && typeof channelKey === 'string' && typeof title === 'string'
    ? { key, channelKey, title }
    : null;
}
