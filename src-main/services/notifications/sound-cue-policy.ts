/**
 * The sound cue policy: decides WHEN a sound cue plays (issue 35 §4), from the same
 * observations as the notice policy (notice-policy.ts), whose decisions it reuses with every
 * kind on: a change is heard once, when it is first seen, never again on an unchanged poll.
 * Pure: no timer, no I/O; times are epoch ms UTC on the injected clock.
 *
 * Kinds (shared/sound-cues.ts), each played only while its switch is on (`settings()`, read
 * at each decision):
 * - `unexpectedOffAir`: a watched broadcast went off air, except on a channel whose simulated
 *   encoder this desk stopped (`rehearsal.setEncoder` `off`, run by this workstation and not
 *   refused) within
 *   {@link ownEncoderStopWindowMs} before: the sandbox ends that broadcast once its 5-minute
 *   reconnect window passes (sandbox/rehearsal/encoder.ts), and that is the operator's own act;
 * - `recordingStopped`: a manual recording stopped without this workstation's
 *   `broadcast.stopRecording` (the notice policy's own-action rule, 60 s; a refused stop is
 *   not one);
 * - `tokenRefused`: the platform refused the workspace's token (401), once per refusal;
 * - `longPause`: a 429 pause of the API budget longer than {@link budgetPauseNoticeMs}
 *   (10 s): longer than the third consecutive back-off without `Retry-After` (2, 4, 8 s,
 *   platform/retry-after.ts), i.e. the platform refused repeatedly or asked for a long wait, and
 *   the operator's commands now wait noticeably; shorter pauses are the scheduler's ordinary
 *   work. Once per pause.
 */
import type { Observation } from './notice-policy';
import { NoticePolicy, budgetPauseNoticeMs } from './notice-policy';
import { allNoticesOn, type OsNoticeKind } from '../../shared/notifications';
import type { SoundCue, SoundCueKind, SoundCueSettings } from '../../shared/sound-cues';

export { budgetPauseNoticeMs as longPauseMs };

/**
 * A stop of this desk's simulated encoder explains an off air seen this long after it, ms: the
 * sandbox's reconnect window (5 min) plus a minute for the watch to see it.
 */
export const ownEncoderStopWindowMs = 6 * 60_000;

/** What the policy needs besides observations. */
export interface SoundCuePolicyOptions {
  /** Every kind's switch and volume now (read at each decision: a switch takes effect at once). */
  settings: () => SoundCueSettings;
}

/** Which notice (with every kind on) is which sound cue. */
const cueOfNotice: Partial<Record<OsNoticeKind, SoundCueKind>> = {
  offAir: 'unexpectedOffAir',
  recordingStopped: 'recordingStopped',
  tokenRefused: 'tokenRefused',
  budgetPaused: 'longPause',
};

/** The sound cue policy of one run of main (one per core; it outlives workspace switches). */
export class SoundCuePolicy {
  readonly #settings: () => SoundCueSettings;
  /** The notice policy's decisions with every kind on: which events happened, once each. */
  readonly #events = new NoticePolicy({ switches: () => allNoticesOn });
  /** When this workstation last stopped a channel's simulated encoder, per channel key. */
  readonly #ownEncoderStops = new Map<string, number>();
  #count = 0;

  constructor(options: SoundCuePolicyOptions) {
    this.#settings = options.settings;
  }

  /** Takes one observation; answers the cues it calls for (at most one per kind, often none). */
  observe(observation: Observation): SoundCue[] {
    if (
      observation.kind === 'command' &&
      observation.command === 'rehearsal.setEncoder' &&
      observation.seat === null
    ) {
      const key = observation.target['channelKey'];
      if (typeof key === 'string') {
        if (observation.target['state'] === 'off') this.#ownEncoderStops.set(key, observation.at);
        else this.#ownEncoderStops.delete(key);
      }
    }
    // A stop the platform refused stopped nothing: the off air that follows is not this desk's.
    if (
      observation.kind === 'commandSettled' &&
      observation.command === 'rehearsal.setEncoder' &&
      observation.seat === null &&
      observation.outcome === 'refused'
    ) {
      const key = observation.target['channelKey'];
      if (typeof key === 'string' && this.#ownEncoderStops.get(key) === observation.ranAt)
        this.#ownEncoderStops.delete(key);
    }
    const kinds = new Set<SoundCueKind>();
    for (const notice of this.#events.observe(observation)) {
      const kind = cueOfNotice[notice.kind];
      if (kind === undefined) continue;
      if (kind === 'unexpectedOffAir' && this.#ownOffAir(notice.open.channelKey, notice.at))
        continue;
      kinds.add(kind);
    }
    const settings = this.#settings();
    const cues: SoundCue[] = [];
    for (const kind of kinds) {
      const setting = settings[kind];
      if (!setting.on) continue;
      this.#count += 1;
      cues.push({ id: `sound-${this.#count}`, kind, at: observation.at, volume: setting.volume });
    }
    return cues;
  }

  /** Whether this workstation stopped `channelKey`'s encoder shortly before `at`. */
  #ownOffAir(channelKey: string | undefined, at: number): boolean {
    if (channelKey === undefined) return false;
    const stoppedAt = this.#ownEncoderStops.get(channelKey);
    if (stoppedAt === undefined) return false;
    this.#ownEncoderStops.delete(channelKey);
    return at >= stoppedAt && at - stoppedAt <= ownEncoderStopWindowMs;
  }
}
