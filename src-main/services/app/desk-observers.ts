/**
 * What the desk makes of what main sees: the notice policy pushes OS notifications
 * (`notify`), the sound cue policy pushes `sound.cue`, and the activity recorder writes the
 * workspace's journal (core/audit-log.ts: on/off air, recordings, 429 pauses, stale polls, uploads;
 * docs/dev/architecture.md, "Activity"). All three hear the watches, the transfer lists,
 * the budgets and the pipeline's runs (the hooks the command pipeline is given, `pipeline`).
 */
import type { Clock } from '../../platform/scheduler';
import type { EventMap } from '../../shared/bridge';
import type { Broadcast, Fresh } from '../../shared/model';
import { ActivityRecorder, type RecordedEvent } from '../activity';
import { AuditLog } from '../core/audit-log';
import type { PipelineOptions } from '../core/command-registry';
import { NoticePolicy, type Observation } from '../notifications/notice-policy';
import { SoundCuePolicy } from '../notifications/sound-cue-policy';
import type { Settings } from '../settings/settings';
import type { EventHub } from './events';

/** The journal and the observers of one desk core. */
export interface DeskObservers {
  /** The journal (commands and events, per workspace, kept 90 days). */
  audit: AuditLog;
  /**
   * What the command pipeline tells the observers (core/command-registry.ts): each command
   * run and how it settled (the notice policy), each answer (the recorder learns titles; a broadcast read is a
   * sighting) and the naming of an audit record's target.
   */
  pipeline: Required<Pick<PipelineOptions, 'ran' | 'settled' | 'answered' | 'describeTarget'>>;
  /** Hands an observation to the policies (and a budget change to the journal). */
  observe: (observation: Observation) => void;
  /**
   * What this desk saw as a studio seat: an event of its hub, or a command it sent there. The
   * policies decide this workstation's notices and sound cues from it, with its own switches
   * (the hub keeps its own to itself: `notify` and `sound.cue` are workstation events); the
   * journal is the hub's, not written here.
   */
  seatSaw: (seen: SeatSighting) => void;
  /** Writes event lines to the journal of the workspace open now (none while none is). */
  record: (events: RecordedEvent[]) => void;
  /** Stops the daily pruning of the journal. */
  stopPruning: () => void;
}

/** What a seat saw of its studio ({@link DeskObservers.seatSaw}). */
export type SeatSighting =
  | { kind: 'event'; event: string; payload: unknown }
  | { kind: 'sent'; command: string; input: unknown };

/** The policies' observations in a watch update: the focused broadcast, the on-air list. */
function sightings(at: number, update: EventMap['watch.update']): Observation[] {
  if (update.kind === 'broadcast') return [{ kind: 'broadcast', at, broadcast: update.data }];
  if (update.kind === 'onair')
    return [
      {
        kind: 'onAirList',
        at,
        broadcasts: update.data.broadcasts,
        complete: update.data.total <= update.data.broadcasts.length,
      },
    ];
  return [];
}

/**
 * Makes the observers and subscribes them to `hub`'s watch updates and transfer lists.
 * `journalWorkspace` names the workspace open when an event is seen (null: none yet).
 */
export function createDeskObservers(options: {
  dataDir: string;
  clock: Clock;
  log: (message: string) => void;
  hub: EventHub;
  settings: Settings;
  journalWorkspace: () => string | null;
}): DeskObservers {
  const { clock, hub, settings } = options;
  const policy = new NoticePolicy({ switches: () => settings.notifications });
  // Every sound kind is off until the operator turns it on.
  const sounds = new SoundCuePolicy({ settings: () => settings.sounds });
  const audit = new AuditLog(options.dataDir, () => clock.now(), options.log);
  // Kept 90 days, really: old days go at start and at every UTC midnight, written to or not.
  const stopPruning = audit.keepPruned(clock);
  const recorder = new ActivityRecorder();
  // Events are written to the workspace open when they are seen.
  const record = (events: RecordedEvent[]) => {
    const workspace = events.length > 0 ? options.journalWorkspace() : null;
    if (workspace !== null)
      for (const event of events) void audit.appendEvent({ ...event, workspace });
  };
  const observe = (observation: Observation) => {
    if (observation.kind === 'budget')
      record(recorder.budget(observation.at, observation.api, observation.rateLimitedUntil));
    for (const notice of policy.observe(observation)) hub.emit('notify', notice);
    for (const cue of sounds.observe(observation)) hub.emit('sound.cue', cue);
  };
  hub.subscribe((event, payload) => {
    const at = clock.now();
    if (event === 'watch.update') {
      const update = payload as EventMap['watch.update'];
      record(recorder.watch(at, update));
      for (const sighting of sightings(at, update)) observe(sighting);
    } else if (event === 'upload.changed') {
      const items = (payload as EventMap['upload.changed']).items;
      record(recorder.uploads(at, items));
      observe({ kind: 'uploads', at, items });
    } else if (event === 'downloads.changed') {
      observe({ kind: 'downloads', at, items: (payload as EventMap['downloads.changed']).items });
    }
  });
  const pipeline: DeskObservers['pipeline'] = {
    ran: (run) => observe({ kind: 'command', ...run }),
    settled: ({ at: ranAt, ...run }) =>
      observe({ kind: 'commandSettled', at: clock.now(), ranAt, ...run }),
    describeTarget: (target, output) => recorder.describeTarget(target, output),
    answered: (command, output) => {
      recorder.learn(output);
      // The view's own read of a broadcast is a sighting too: the notice policy must know a
      // watched broadcast was on air even when it goes off air before the watch's first poll.
      if (command === 'broadcast.get') {
        const { data: broadcast } = output as Fresh<Broadcast>;
        observe({ kind: 'broadcast', at: clock.now(), broadcast });
      }
    },
  };
  const seatSaw = (seen: SeatSighting) => {
    const at = clock.now();
    if (seen.kind === 'sent') {
      const target = (seen.input ?? {}) as Record<string, unknown>;
      observe({ kind: 'command', at, command: seen.command, seat: null, target });
    } else if (seen.event === 'watch.update') {
      for (const sighting of sightings(at, seen.payload as EventMap['watch.update']))
        observe(sighting);
    }
  };
  return { audit, pipeline, observe, seatSaw, record, stopPruning };
}
