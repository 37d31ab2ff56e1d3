/**
 * Live API v1 statistics reads of the Statistics view: viewer curves, period and daily
 * summaries, chat use and the scheduled broadcasts' daily summary, mapped to the app's words
 * (shared/statistics-model.ts). The operator picks whole UTC days, both inclusive; the live
 * API's periods are `[start_date, end_date)` (docs/platform-facts.md, "Dates and time"), so the
 * end sent is the day after the last day picked.
 */
import type { components } from '../../platform/generated/live-v1';
import type { Fresh } from '../../shared/model';
import { addDays } from '../../shared/statistics-limits';
import type {
  BroadcastChoice,
  ChatBucket,
  ChatUnit,
  LiveDaily,
  LiveMetrics,
  LiveSummary,
  ScheduledDaily,
  ViewerBucket,
  ViewerInterval,
} from '../../shared/statistics-model';
import { liveCall, type CallPriority } from '../core/platform-call';
import { checkRange } from './statistics-checks';
import type { AccountContext } from '../core/account-context';

type Schemas = components['schemas'];

/** Whose statistics, as the command's input names it. */
export type LiveTarget =
  | { scope: 'all' }
  | { scope: 'channel'; channelKey: string }
  | { scope: 'broadcast'; broadcastKey: string };

/** Inclusive days as a live period: `start_date` the first day, `end_date` the day after the last. */
function livePeriod(from: string, to: string): { start_date: string; end_date: string } {
  checkRange(from, to);
  return { start_date: from, end_date: addDays(to, 1) };
}

function fresh<T>(account: AccountContext, data: T): Fresh<T> {
  return { data, fetchedAt: account.clock.now() };
}

/** The latest 100 broadcasts of a channel, newest first. @throws PlatformError (404 unknown channel). */
export async function channelBroadcasts(
  account: AccountContext,
  priority: CallPriority,
  channelKey: string,
): Promise<BroadcastChoice[]> {
  const body = await liveCall(account, priority, (api, fetch, sa) =>
    api.GET('/v1/live/service-accounts/{service_account_key}/channels/{channel_key}/broadcasts', {
      params: {
        path: { service_account_key: sa, channel_key: channelKey },
        query: { order: 'id_desc', page: 1, per_page: 100 },
      },
      fetch,
    }),
  );
  return body.data.map((b) => ({
    key: b.key,
    title: b.title,
    onAir: b.is_onair,
    startedAt: b.started_at ?? null,
    endedAt: b.ended_at ?? null,
  }));
}

/**
 * Viewers per `interval` minutes over one UTC day (spec: `duration_minute`).
 * @throws PlatformError, e.g. 422 while an ended broadcast's statistics are not ready yet
 * (spec, Limits: about 30 minutes after a broadcast ends).
 */
export async function viewerCurve(
  account: AccountContext,
  priority: CallPriority,
  target: LiveTarget,
  day: string,
  interval: ViewerInterval,
): Promise<Fresh<ViewerBucket[]>> {
  checkRange(day, day);
  const query = { start_date: day };
  const body = await liveCall(account, priority, (api, fetch, sa) => {
    if (target.scope === 'channel')
      return api.GET(
        '/v1/live/service-accounts/{service_account_key}/channels/{channel_key}/statistics/viewer/{duration_minute}min-during-a-day',
        {
          params: {
            path: {
              service_account_key: sa,
              channel_key: target.channelKey,
              duration_minute: interval,
            },
            query,
          },
          fetch,
        },
      );
    if (target.scope === 'broadcast')
      return api.GET(
        '/v1/live/service-accounts/{service_account_key}/broadcasts/{broadcast_key}/statistics/viewer/{duration_minute}min-during-a-day',
        {
          params: {
            path: {
              service_account_key: sa,
              broadcast_key: target.broadcastKey,
              duration_minute: interval,
            },
            query,
          },
          fetch,
        },
      );
    return api.GET(
      '/v1/live/service-accounts/{service_account_key}/statistics/viewer/{duration_minute}min-during-a-day',
      { params: { path: { service_account_key: sa, duration_minute: interval }, query }, fetch },
    );
  });
  return fresh(
    account,
    body.data.map((p) => ({ startedAt: p.started_at, viewers: p.viewer_count })),
  );
}

/** Key metrics of a period, or of a whole broadcast (its own period). @throws PlatformError. */
export async function summary(
  account: AccountContext,
  priority: CallPriority,
  target: LiveTarget,
  from: string,
  to: string,
): Promise<Fresh<LiveSummary>> {
  const period = livePeriod(from, to);
  const body = await liveCall(account, priority, (api, fetch, sa) => {
    if (target.scope === 'channel')
      return api.GET(
        '/v1/live/service-accounts/{service_account_key}/channels/{channel_key}/statistics/summary',
        {
          params: {
            path: { service_account_key: sa, channel_key: target.channelKey },
            query: period,
          },
          fetch,
        },
      );
    if (target.scope === 'broadcast')
      return api.GET(
        '/v1/live/service-accounts/{service_account_key}/broadcasts/{broadcast_key}/statistics/summary',
        {
          params: { path: { service_account_key: sa, broadcast_key: target.broadcastKey } },
          fetch,
        },
      );
    return api.GET('/v1/live/service-accounts/{service_account_key}/statistics/summary', {
      params: { path: { service_account_key: sa }, query: period },
      fetch,
    });
  });
  return fresh(account, {
    ...metrics(body.data),
    startedAt: body.data.started_at,
    endedAt: body.data.ended_at,
  });
}

/** Key metrics per UTC day, all broadcasts. @throws PlatformError (422: period too long). */
export async function daily(
  account: AccountContext,
  priority: CallPriority,
  from: string,
  to: string,
): Promise<Fresh<LiveDaily[]>> {
  const query = livePeriod(from, to);
  const body = await liveCall(account, priority, (api, fetch, sa) =>
    api.GET('/v1/live/service-accounts/{service_account_key}/statistics/summary-daily', {
      params: { path: { service_account_key: sa }, query },
      fetch,
    }),
  );
  return fresh(
    account,
    body.data.map((d) => ({ date: d.date, ...metrics(d) })),
  );
}

/** Chat use per hour or day. @throws PlatformError (422: period too long). */
export async function chat(
  account: AccountContext,
  priority: CallPriority,
  unit: ChatUnit,
  from: string,
  to: string,
): Promise<Fresh<ChatBucket[]>> {
  const query = { unit, ...livePeriod(from, to) };
  const body = await liveCall(account, priority, (api, fetch, sa) =>
    api.GET('/v1/service-accounts/{service_account_key}/chat/stats', {
      params: { path: { service_account_key: sa }, query },
      fetch,
    }),
  );
  return fresh(
    account,
    body.data.map((p) => ({
      startedAt: p.started_at,
      messages: p.message_count,
      participants: p.participant_count,
    })),
  );
}

/** Scheduled (programmed) output per UTC day. @throws PlatformError (422: period too long). */
export async function scheduledDaily(
  account: AccountContext,
  priority: CallPriority,
  from: string,
  to: string,
): Promise<Fresh<ScheduledDaily[]>> {
  const query = livePeriod(from, to);
  const body = await liveCall(account, priority, (api, fetch, sa) =>
    api.GET('/v1/vod/service-accounts/{service_account_key}/statistics/summary-daily', {
      params: { path: { service_account_key: sa }, query },
      fetch,
    }),
  );
  return fresh(
    account,
    body.data.map((d) => ({
      date: d.date,
      programs: d.program_count,
      playSeconds: d.play_seconds,
      views: d.view_count,
      peakViewers: d.peak_viewer_count,
    })),
  );
}

function metrics(m: Schemas['SummaryMetrics']): LiveMetrics {
  return {
    broadcasts: m.broadcast_count,
    broadcastSeconds: m.broadcast_seconds,
    views: m.view_count,
    peakViewers: m.peak_viewer_count,
    watchSeconds: m.watch_seconds,
  };
}
