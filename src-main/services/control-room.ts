/**
 * The control room: reads and commands on live channels and broadcasts, in the app's model.
 * Commands run at `command` priority, reads for what is on screen at `view`, the watch
 * planner's reads at `watch`. Every answer is stamped with the time main fetched it and
 * published as a watch update, so every view of the same broadcast agrees.
 */
import type { MessageRef } from '../shared/i18n/message';
import { say } from '../shared/i18n/say';
import type { LiveClient } from '../platform/live-client';
import { PlatformError } from '../platform/errors';
import type { Priority } from '../platform/scheduler';
import type {
  Broadcast,
  ChannelOrder,
  ChannelSummary,
  ChatParticipants,
  Fresh,
  Page,
  ViewerSeries,
  WatchUpdate,
} from '../shared/model';
import {
  toBroadcast,
  toChannelSummary,
  toPage,
  toParticipants,
  toViewerSeries,
} from './live-mappers';
import type { WatchPlanner, WatchTask } from './watch-planner';

/** Query of the channel list (spec: Endpoints, GET channels). */
export interface ChannelQuery {
  keyword?: string;
  order?: ChannelOrder;
  page?: number;
  perPage?: number;
}

export interface ControlRoomOptions {
  live: LiveClient;
  /** Publishes a fresh value to every view (the `watch.update` event). */
  publish: (update: WatchUpdate) => void;
  /** Epoch ms now (UTC); injectable for tests. */
  now?: () => number;
}

/** Reads and commands of the live control room. Methods throw PlatformError on refusal. */
export class ControlRoom {
  private readonly live: LiveClient;
  private readonly publish: (update: WatchUpdate) => void;
  private readonly now: () => number;
  private readonly inFlight = new Map<string, Promise<Fresh<Broadcast>>>();
  private planner: WatchPlanner | null = null;

  constructor(options: ControlRoomOptions) {
    this.live = options.live;
    this.publish = options.publish;
    this.now = options.now ?? Date.now;
  }

  /** Lets the planner skip reads that a command or view just made. */
  attachPlanner(planner: WatchPlanner): void {
    this.planner = planner;
  }

  /** One page of channels with their on-air tally. */
  async listChannels(
    query: ChannelQuery,
    priority: Priority = 'view',
    signal?: AbortSignal,
  ): Promise<Fresh<Page<ChannelSummary>>> {
    const list = await this.live.listChannels(
      {
        ...(query.keyword ? { keyword: query.keyword } : {}),
        order: query.order ?? 'id_desc',
        page: query.page ?? 1,
        per_page: query.perPage ?? 100,
      },
      { priority, ...(signal ? { signal } : {}) },
    );
    return { data: toPage(list, toChannelSummary), fetchedAt: this.now() };
  }

  /** One broadcast, published to every view. */
  async getBroadcast(
    key: string,
    priority: Priority = 'view',
    signal?: AbortSignal,
  ): Promise<Fresh<Broadcast>> {
    const raw = await this.live.getBroadcast(key, { priority, ...(signal ? { signal } : {}) });
    return this.publishBroadcast(toBroadcast(raw.data));
  }

  /** Chat participants of an on-air broadcast. */
  async participants(
    key: string,
    priority: Priority = 'view',
    signal?: AbortSignal,
  ): Promise<Fresh<ChatParticipants>> {
    const raw = await this.live.chatJoinedUsers(key, { priority, ...(signal ? { signal } : {}) });
    const fresh = { data: toParticipants(raw.data), fetchedAt: this.now() };
    this.publish({ kind: 'participants', broadcastKey: key, ...fresh });
    this.planner?.observe('participants', key, fresh.fetchedAt);
    return fresh;
  }

  /** Viewer counts of today (UTC) in 5-minute buckets; the last bucket is the audience now. */
  async viewers(
    key: string,
    priority: Priority = 'view',
    signal?: AbortSignal,
  ): Promise<Fresh<ViewerSeries>> {
    const day = new Date(this.now()).toISOString().slice(0, 10);
    const raw = await this.live.broadcastViewers(key, 5, day, {
      priority,
      ...(signal ? { signal } : {}),
    });
    const fresh = { data: toViewerSeries(raw.data, 5), fetchedAt: this.now() };
    this.publish({ kind: 'viewers', broadcastKey: key, ...fresh });
    this.planner?.observe('viewers', key, fresh.fetchedAt);
    return fresh;
  }

  /** Renames a broadcast (PUT broadcasts/{key}); on 429, re-reads and renames only if still needed. */
  rename(key: string, title: string): Promise<Fresh<Broadcast>> {
    return this.once(`rename:${key}:${title}`, () =>
      this.commandWithRecheck(
        key,
        () => this.live.updateBroadcastTitle(key, title, { priority: 'command' }),
        (b) => (b.title === title ? 'done' : 'retry'),
        null,
      ),
    );
  }

  /**
   * Starts manual recording. A second request for the same broadcast while one is under way
   * joins it (a double click sends one request). On 429 the call is not repeated blindly:
   * the broadcast is re-read once the platform accepts calls again, and the start is sent
   * again only if the broadcast is still on air and still not recording.
   */
  startRecording(key: string): Promise<Fresh<Broadcast>> {
    return this.once(`recording:${key}`, () =>
      this.commandWithRecheck(
        key,
        () => this.live.startDuplicateRecording(key, { priority: 'command' }),
        (b) => (b.recording ? 'done' : b.onAir ? 'retry' : 'refuse'),
        say('errors.offAirBeforeRecording'),
      ),
    );
  }

  /** Stops manual recording; same single-flight and 429 rules as {@link startRecording}. */
  stopRecording(key: string): Promise<Fresh<Broadcast>> {
    return this.once(`recording:${key}`, () =>
      this.commandWithRecheck(
        key,
        () => this.live.stopDuplicateRecording(key, { priority: 'command' }),
        (b) => (b.recording ? 'retry' : 'done'),
        say('errors.recordingAlreadyStopped'),
      ),
    );
  }

  /**
   * Sets the timeshift cue point to `at` (ISO-8601) or, when omitted, to the platform's now.
   * On 429, re-reads and sets it again only while the broadcast is still on air.
   */
  setCuePoint(key: string, at?: string): Promise<Fresh<Broadcast>> {
    return this.once(`cue:${key}`, () =>
      this.commandWithRecheck(
        key,
        () => this.live.setCueSign(key, at, { priority: 'command' }),
        (b) => (b.onAir && b.useTimeshift ? 'retry' : 'refuse'),
        say('errors.offAirBeforeCuePoint'),
      ),
    );
  }

  /** Runs one task of the watch planner at `watch` priority. */
  async runWatchTask(task: WatchTask, signal: AbortSignal): Promise<void> {
    const planner = this.planner;
    switch (task.topic) {
      case 'channels': {
        if (task.spec.kind !== 'channels') return;
        const fresh = await this.listChannels(
          {
            ...(task.spec.keyword ? { keyword: task.spec.keyword } : {}),
            ...(task.spec.order ? { order: task.spec.order } : {}),
          },
          'watch',
          signal,
        );
        this.publish({ kind: 'channels', watchId: task.subject, ...fresh });
        return;
      }
      case 'broadcast': {
        const fresh = await this.getBroadcast(task.subject, 'watch', signal);
        // Participants and viewers exist only while on air: stop spending calls on them after.
        planner?.setDormant('participants', task.subject, !fresh.data.onAir);
        planner?.setDormant('viewers', task.subject, !fresh.data.onAir);
        return;
      }
      case 'participants':
        await this.participants(task.subject, 'watch', signal);
        return;
      case 'viewers':
        await this.viewers(task.subject, 'watch', signal);
        return;
    }
  }

  private publishBroadcast(broadcast: Broadcast): Fresh<Broadcast> {
    const fresh = { data: broadcast, fetchedAt: this.now() };
    this.publish({ kind: 'broadcast', broadcastKey: broadcast.key, ...fresh });
    this.planner?.observe('broadcast', broadcast.key, fresh.fetchedAt);
    return fresh;
  }

  /**
   * Sends a command; a 429 is never repeated blindly (DESIGN.md, API budget): once the
   * scheduler's pause ends, the broadcast is re-read and `decide` says whether the command
   * is already done, should be sent once more, or can no longer apply (`refusal`).
   */
  private async commandWithRecheck(
    key: string,
    send: () => Promise<{ data: Parameters<typeof toBroadcast>[0] }>,
    decide: (current: Broadcast) => 'done' | 'retry' | 'refuse',
    refusal: { message: string; text: MessageRef } | null,
  ): Promise<Fresh<Broadcast>> {
    try {
      return this.publishBroadcast(toBroadcast((await send()).data));
    } catch (error) {
      if (!(error instanceof PlatformError) || error.error.code !== 'rate-limited') throw error;
      const current = await this.getBroadcast(key, 'command');
      const next = decide(current.data);
      if (next === 'done') return current;
      if (next === 'refuse')
        throw new PlatformError({ code: 'conflict', ...(refusal ?? say('errors.internal')) });
      return this.publishBroadcast(toBroadcast((await send()).data));
    }
  }

  /** Joins a command already under way for the same key instead of sending another. */
  private once(id: string, run: () => Promise<Fresh<Broadcast>>): Promise<Fresh<Broadcast>> {
    const running = this.inFlight.get(id);
    if (running) return running;
    const promise = run().finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, promise);
    return promise;
  }
}
