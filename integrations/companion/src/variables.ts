/**
 * The module's variables, from the desk's feedback picture (docs/admin/panels.md, "The HTTP
 * API"): per channel the title, lamp, time on air, viewers, chat participants and cue point
 * (`$(onair-desk:<channel key>_title)`…), and for the account the live API's calls in the last
 * minute and the budget's state. A figure the desk has not read is empty, never a guess: the
 * viewers and chat are read only for a broadcast the control room or the Multiview watches. Each
 * figure has its age (`_viewers_age`, `_chat_age`, s), and one that may no longer be so is told
 * by the `figuresStale` feedback (feedbacks.ts), so a button never shows an old count as now.
 */
import type { CompanionVariableDefinition, CompanionVariableValues } from '@companion-module/base';
import type { PanelFeedback } from '../../../src-main/shared/panels-model';

/** The per-channel variables: id suffix → name. */
export const channelVariables = {
  channel: 'channel name',
  title: 'broadcast title (the channel name until the desk reads the broadcast)',
  lamp: 'tally (onAir, recording, off, stale)',
  on_air_time: 'time on air (h:mm:ss)',
  viewers: 'viewers now',
  viewers_age: 'viewers read, seconds ago',
  chat: 'chat participants',
  chat_age: 'chat participants read, seconds ago',
  cue_point: 'cue point (hh:mm:ss UTC)',
} as const;

/** The account's and the connection's variables: id → name. */
export const deskVariables = {
  calls_last_minute: 'Live API calls in the last minute',
  calls_limit_per_minute: 'Live API calls allowed per minute',
  budget: 'Live API budget (ok, tight, paused)',
  platform: 'Platform (reachable, lost, unknown)',
  link: 'Link to OnAir Desk (open, connecting, refused, lost)',
  press_again: 'The command waiting for its second press (empty when none)',
} as const;

/** A channel key as a variable id's prefix (Companion takes letters, digits, `_` and `-`). */
export function variablePrefix(channelKey: string): string {
  return channelKey.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** Every variable for the channels of `picture` (none before the first picture). */
export function variableDefinitions(picture: PanelFeedback | null): CompanionVariableDefinition[] {
  const definitions: CompanionVariableDefinition[] = Object.entries(deskVariables).map(
    ([variableId, name]) => ({ variableId, name }),
  );
  for (const channel of picture?.channels ?? [])
    for (const [suffix, name] of Object.entries(channelVariables))
      definitions.push({
        variableId: `${variablePrefix(channel.channelKey)}_${suffix}`,
        name: `${channel.title}: ${name}`,
      });
  return definitions;
}

/**
 * The variables' values now.
 * @param now epoch ms UTC, for the time on air.
 * @param link the stream's state (`open`…); every figure stays as last read while it is not.
 * @param pressAgain the name of the command waiting for its second press, or null.
 */
export function variableValues(
  picture: PanelFeedback | null,
  now: number,
  link: string,
  pressAgain: string | null,
): CompanionVariableValues {
  const budget = picture?.budget ?? null;
  const values: CompanionVariableValues = {
    calls_last_minute: budget?.callsLastMinute,
    calls_limit_per_minute: budget?.limitPerMinute,
    budget: budget?.state ?? '',
    platform: picture?.platform ?? 'unknown',
    link,
    press_again: pressAgain ?? '',
  };
  for (const channel of picture?.channels ?? []) {
    const prefix = variablePrefix(channel.channelKey);
    const broadcast = channel.broadcastKey ? picture?.broadcasts[channel.broadcastKey] : undefined;
    const onAir = channel.tally === 'onAir';
    values[`${prefix}_channel`] = channel.title;
    values[`${prefix}_title`] = broadcast?.title ?? channel.title;
    values[`${prefix}_lamp`] =
      link === 'open' ? (picture?.lamps[channel.channelKey] ?? 'stale') : 'stale';
    values[`${prefix}_on_air_time`] =
      onAir && broadcast?.startedAt ? clockOf(now - Date.parse(broadcast.startedAt)) : '';
    values[`${prefix}_viewers`] = onAir ? (broadcast?.viewers?.count ?? undefined) : undefined;
    values[`${prefix}_viewers_age`] = onAir ? ageOf(broadcast?.viewers, now) : undefined;
    values[`${prefix}_chat`] = onAir ? broadcast?.chatParticipants?.count : undefined;
    values[`${prefix}_chat_age`] = onAir ? ageOf(broadcast?.chatParticipants, now) : undefined;
    values[`${prefix}_cue_point`] = broadcast?.cuePointAt
      ? new Date(broadcast.cuePointAt).toISOString().slice(11, 19)
      : '';
  }
  return values;
}

/**
 * True when the channel's figures on show (viewers, chat participants) may no longer be so: the
 * stream to the desk is not open, the desk lost the platform, or the read they came from failed
 * since (`stale` in the picture, docs/admin/panels.md, "The HTTP API"). False off air (no figure
 * is shown) and for a figure not read yet (its variable is empty).
 * @param link the stream's state (`open`…).
 */
export function figuresStale(
  picture: PanelFeedback | null,
  channelKey: string,
  link: string,
): boolean {
  if (link !== 'open' || !picture) return true;
  const channel = picture.channels.find((c) => c.channelKey === channelKey);
  if (!channel || channel.tally !== 'onAir' || !channel.broadcastKey) return false;
  const broadcast = picture.broadcasts[channel.broadcastKey];
  return (
    picture.stale ||
    broadcast?.viewers?.stale === true ||
    broadcast?.chatParticipants?.stale === true
  );
}

/** How long ago a figure was read, whole seconds (never negative); undefined until read. */
function ageOf(figure: { fetchedAt: number } | null | undefined, now: number): number | undefined {
  return figure ? Math.max(0, Math.floor((now - figure.fetchedAt) / 1000)) : undefined;
}

/** A duration, ms, as `h:mm:ss` (negative: `0:00:00`). */
export function clockOf(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
