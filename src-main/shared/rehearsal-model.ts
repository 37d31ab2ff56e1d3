/**
 * What the Rehearsal view shows of the sandbox's callback deliveries (the sandbox's delivery
 * log, `GET /__sandbox/callbacks/deliveries`; docs/platform-facts.md, "Callbacks").
 */

/** Every kind of callback the sandbox delivers (spec, Events). */
export const callbackKinds = [
  'live.broadcast',
  'live.recording_file',
  'live.playback',
  'vod.content',
  'vod.playback',
  'vod.download',
  'vod.ai_script',
] as const;

/** A kind of callback. */
export type CallbackKind = (typeof callbackKinds)[number];

/** One attempt of a delivery. */
export interface CallbackAttemptView {
  /** 1 for the first; resends count on. */
  attempt: number;
  /** When, on the sandbox's virtual clock (ISO-8601 UTC). */
  at: string;
  /** `delivered` (HTTP 200), `failed` (retried while attempts remain), `refused` (never sent). */
  outcome: 'delivered' | 'failed' | 'refused';
  /** The receiver's HTTP status; null when no answer came or it was refused. */
  httpStatus: number | null;
  /** Why it failed or was refused (the sandbox's words, English); null when delivered. */
  error: string | null;
}

/** One callback delivery of the sandbox. */
export interface CallbackDeliveryView {
  id: number;
  kind: CallbackKind;
  url: string;
  status: 'pending' | 'delivered' | 'given_up' | 'refused';
  /** When the event happened (ISO-8601 UTC, virtual clock). */
  createdAt: string;
  /** The form fields sent (name → value). */
  payload: Record<string, string>;
  /** Its attempts, oldest first. */
  attempts: CallbackAttemptView[];
}

/** The delivery log, newest first, and whether deliveries may leave this machine. */
export interface DeliveryLog {
  deliverOutside: boolean;
  deliveries: CallbackDeliveryView[];
}
