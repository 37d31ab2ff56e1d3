/**
 * The Activity view's filters as UI state and as the activity commands' input (pure, so a test
 * runs it without a page): empty filters left out, UTC date-time inputs as ISO instants.
 */
import type { CommandInput } from '../../src-main/shared/bridge';
import type { ActivityKind, ActivityOrigin } from '../../src-main/shared/activity-model';

/**
 * The view's filters (UI state; `''` for none). `seat` is {@link workstationSeat} or
 * `seat:<name>`; `from`/`to` are `YYYY-MM-DDTHH:mm` in UTC.
 */
export interface ActivityFilterState {
  /** Whose lines: people and the platform (the default), the app itself, or both. */
  origin: ActivityOrigin;
  seat: string;
  operator: string;
  channelKey: string;
  kind: '' | ActivityKind;
  from: string;
  to: string;
}

/** The view's start: people and the platform, nothing else filtered. */
export const noActivityFilters: ActivityFilterState = {
  origin: 'people',
  seat: '',
  operator: '',
  channelKey: '',
  kind: '',
  from: '',
  to: '',
};

/** `seat` filter value meaning "this workstation" (the command's `seat: ''`). */
export const workstationSeat = 'workstation';

/** The `seat` filter value of a studio seat. */
export const seatValue = (name: string) => `seat:${name}`;

/** The filters as the commands' input (empty ones left out; UTC inputs as ISO instants). */
export function activityFilterInput(
  filters: ActivityFilterState,
): CommandInput<'activity.exportCsv'> {
  return {
    ...(filters.origin === 'all' ? {} : { origin: filters.origin }),
    ...(filters.seat === workstationSeat
      ? { seat: '' }
      : filters.seat.startsWith('seat:')
        ? { seat: filters.seat.slice('seat:'.length) }
        : {}),
    ...(filters.operator ? { operator: filters.operator } : {}),
    ...(filters.channelKey ? { channelKey: filters.channelKey } : {}),
    ...(filters.kind ? { kinds: [filters.kind] } : {}),
    ...(filters.from ? { from: utcInstant(filters.from) } : {}),
    ...(filters.to ? { to: utcInstant(filters.to) } : {}),
  };
}

/** `YYYY-MM-DDTHH:mm[:ss]` read as UTC, as ISO 8601 with `Z`. */
function utcInstant(local: string): string {
  return `${local.length === 16 ? `${local}:00` : local.slice(0, 19)}Z`;
}
