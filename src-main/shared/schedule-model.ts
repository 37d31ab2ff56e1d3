/**
 * The schedule's model: programs of scheduled channels, the media they play, waiting screens,
 * schedule operations and their batches (live API v1, tag Programs, mapped in main by
 * services/schedule/schedule-mappers.ts). Times are ISO-8601 strings in UTC. The scheduled
 * channels themselves are rows of the one channel list (channels-model.ts).
 */
import type { MessageRef } from './i18n/message';

/** An uploaded media item a program can play (live API, listProgramMediaContents). */
export interface ProgramMedia {
  uploadFileKey: string;
  title: string;
  /** Playing time, seconds. */
  durationS: number;
}

/** A waiting screen shown between programs (live API, listWaitMediaContents). */
export interface WaitingScreen {
  key: string;
  title: string;
}

/**
 * One program on a scheduled channel's timeline. Times are ISO-8601 UTC; the platform sets
 * `endAt` = `startAt` + the sum of its media durations.
 */
export interface Program {
  id: number;
  channelKey: string;
  title: string;
  startAt: string;
  endAt: string;
  /** `endAt - startAt`, seconds. */
  durationS: number;
  status: 'scheduled' | 'onair' | 'ended';
  /** The media it plays, in order. */
  media: ProgramMedia[];
  /** The waiting screen shown around it, or null for none. */
  waitMediaContentKey: string | null;
  /** When the platform last changed it, ISO-8601 UTC (`updated_at`). */
  updatedAt: string;
}

/**
 * A program as the editor last read it, carried by an update or delete so that main can tell
 * whether someone changed it since (services/core/crossing.ts; spec, Program `updated_at`).
 */
export interface ProgramRead {
  /** `updated_at` as read, ISO-8601 UTC. */
  updatedAt: string;
  title: string;
  /** ISO-8601 UTC. */
  startAt: string;
  /** Its media, in order. */
  uploadFileKeys: string[];
  waitMediaContentKey: string | null;
}

/** One platform operation of a schedule edit or batch. */
export type ScheduleOperation =
  | {
      op: 'create';
      channelKey: string;
      title: string;
      /** ISO-8601 with offset; must be in the future (the platform refuses the past with 422). */
      startAt: string;
      uploadFileKeys: string[];
      waitMediaContentKey?: string | null;
    }
  | {
      op: 'update';
      channelKey: string;
      programId: number;
      title?: string;
      startAt?: string;
      uploadFileKeys?: string[];
      waitMediaContentKey?: string | null;
      /** The program as the editor last read it; absent: sent without that check. */
      read?: ProgramRead;
    }
  | { op: 'delete'; channelKey: string; programId: number; read?: ProgramRead };

/** A batch of schedule operations, planned in main and shown to the operator before running. */
export interface BatchPlan {
  operations: ScheduleOperation[];
  /** Its cost to the live budget (absent from a plan made without a budget). */
  budget?: BatchBudget;
  /** Platform calls the batch makes (one per operation). */
  calls: number;
  /** at 1 call a second */
  seconds: number;
  /** One or two sentences for the operator: what the batch does, and why it stopped short. */
  summary: string;
  /** `summary` as catalogue messages (joined with a space), for the operator's language. */
  summaryTexts?: MessageRef[];
}

/** Progress of a running batch (schedule, channels or library), pushed after every operation (`batches.changed`). */
export interface BatchProgress {
  batchId: string;
  /** Operations that succeeded. */
  done: number;
  total: number;
  /** Operations refused (0 or 1: a batch stops at the first refusal). */
  failed: number;
  /** The platform's message of the refusal, or null. */
  lastError: string | null;
  /** `lastError` as a catalogue message when the app wrote it (not the platform). */
  lastErrorText?: MessageRef | null;
  /** True after the last operation, or after a refusal. */
  finished: boolean;
}

/**
 * What a batch would do to its account's budget, worked out before it is sent
 * (src-main/platform/budget-forecast.ts): asked in the batch's confirmation when it fills it.
 */
export interface BatchBudget {
  /** Platform calls of the batch. */
  calls: number;
  /** About how long the batch holds the budget, s. */
  seconds: number;
  /** True when, with the watches, it takes every background call allowed for a minute or more. */
  fillsBudget: boolean;
  /** Longest an operator's command waits for a slot meanwhile, s. */
  commandWaitSeconds: number;
}
