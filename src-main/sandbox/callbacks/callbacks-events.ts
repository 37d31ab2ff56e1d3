/**
 * What a sandbox callback says (spec, Events; docs/platform-facts.md, "Callbacks", says which
 * payloads are observed and which invented): the events the platform reports and their wire
 * form. Delivery is callbacks.ts; where each goes, callbacks-urls.ts.
 *
 * Handlers report what happened with `emitCallback(state, event)` (or `scheduleCallback` for
 * something that happens later on the virtual clock); events (snake_case fields):
 * - `{ type: 'live.broadcast', event: 'start'|'stop'|'pause'|'resume', channel_key,
 *   broadcast_key, occurred_at? }` → live URL of the channel (observed: start|stop|pause|resume);
 * - `{ type: 'live.recording_file', channel_key, broadcast_key, recording_file_id,
 *   recording_file_filename, recording_file_kind, recording_file_transfer_result: 0|1,
 *   file_transfer_id?, occurred_at? }` → recording-file URL of the channel (observed field
 *   names, 0 fail, 1 success; `file_transfer_id`, one call per destination, is ours);
 * - `{ type: 'live.playback', kind: 100, channel_key, media_content_key (the broadcast key),
 *   client_user_id, player_id, hardware_id, device_name, uservalues, localtime }` → playback URL
 *   of the live channel (observed field names);
 * - `{ type: 'vod.content', event: 'added'|'deleted', channel_key, upload_file_key,
 *   media_content_key, occurred_at? }` → VOD channel callback URL;
 * - `{ type: 'vod.playback', channel_key, upload_file_key, media_content_key, client_user_id?,
 *   occurred_at? }` → VOD channel callback URL;
 * - `{ type: 'vod.download', channel_key, upload_file_key, media_content_key,
 *   device: 'pc'|'mobile', client_user_id?, occurred_at? }` → VOD download-callback URL;
 * - `{ type: 'vod.ai_script', event: 'completed', channel_key, upload_file_key,
 *   media_content_key, occurred_at? }` → VOD channel callback URL of each channel holding the
 *   content (spec, Events 4 names no URL: our choice).
 * `occurred_at` defaults to the virtual now.
 *
 * Wire (our design, spec: "payload, retries and signing not shown"): the event's fields without
 * `type`, as `application/x-www-form-urlencoded`; `occurred_at` is ISO-8601 UTC for live and
 * unix seconds for VOD (each API's date convention).
 */
import { isoUtc } from '../kernel/present';

interface Occurred {
  /** When it happened (UTC); default the virtual now. */
  occurred_at?: Date;
}

/** Live broadcast state change (observed: live callbacks report start|stop|pause|resume). */
export interface LiveBroadcastEvent extends Occurred {
  type: 'live.broadcast';
  event: 'start' | 'stop' | 'pause' | 'resume';
  channel_key: string;
  broadcast_key: string;
}

/** Result of a recording-file transfer (observed field names). */
export interface RecordingFileEvent extends Occurred {
  type: 'live.recording_file';
  channel_key: string;
  broadcast_key: string;
  recording_file_id: number;
  recording_file_filename: string;
  recording_file_kind: string;
  /** 0 fail, 1 success. */
  recording_file_transfer_result: 0 | 1;
  /** The destination the result is about (ours: the observed fields name none). */
  file_transfer_id?: number;
}

interface VodContentFields extends Occurred {
  channel_key: string;
  upload_file_key: string;
  media_content_key: string;
}

/** Content added to or deleted from a VOD channel. */
export interface VodContentEvent extends VodContentFields {
  type: 'vod.content';
  event: 'added' | 'deleted';
}

/** A playback requested on a VOD channel. */
export interface VodPlaybackEvent extends VodContentFields {
  type: 'vod.playback';
  client_user_id?: string;
}

/** A download attempted on PC or mobile. */
export interface VodDownloadEvent extends VodContentFields {
  type: 'vod.download';
  device: 'pc' | 'mobile';
  client_user_id?: string;
}

/**
 * A play request on a live channel (observed playback callback, `kind=100`, with its field
 * names; the values are the simulated viewer's). No `occurred_at`: `localtime` is the time.
 */
export interface LivePlaybackEvent {
  type: 'live.playback';
  kind: 100;
  channel_key: string;
  /** The broadcast key (observed: `media_content_key` = the live broadcast key). */
  media_content_key: string;
  client_user_id: string;
  player_id: string;
  hardware_id: string;
  device_name: string;
  uservalues: string;
  /** Unix seconds of the request, virtual clock. */
  localtime: number;
  occurred_at?: undefined;
}

/** An AI-speed conversion finished (spec, Events 4; the fields are our choice). */
export interface VodAiScriptEvent extends VodContentFields {
  type: 'vod.ai_script';
  event: 'completed';
}

export type CallbackEvent =
  | LiveBroadcastEvent
  | RecordingFileEvent
  | LivePlaybackEvent
  | VodContentEvent
  | VodPlaybackEvent
  | VodDownloadEvent
  | VodAiScriptEvent;

/** Every kind of callback the sandbox delivers. */
export const callbackKinds: readonly CallbackEvent['type'][] = [
  'live.broadcast',
  'live.recording_file',
  'live.playback',
  'vod.content',
  'vod.playback',
  'vod.download',
  'vod.ai_script',
];

/** The form fields sent for `event`; `now` (virtual) when it has no `occurred_at`. */
export function toForm(event: CallbackEvent, now: Date): Record<string, string> {
  const { type, occurred_at: occurredAt, ...fields } = event;
  const at = occurredAt ?? now;
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form[name] = String(value);
  }
  // The observed playback callback carries `localtime`, not `occurred_at`.
  if (type === 'live.playback') return form;
  form.occurred_at = type.startsWith('live.')
    ? isoUtc(at)
    : String(Math.floor(at.getTime() / 1000));
  return form;
}
