/**
 * Handlers of `shared/commands/recordings.ts`: broadcast history and recording files, read
 * through the workspace's live account at the command's priority (`view`), mapped to the
 * app's camelCase shapes (shared/recordings-model.ts).
 */
import type { components } from '../../platform/generated/live-v1';
import { recordingCommands } from '../../shared/commands/recordings';
import type { PastBroadcast, RecordingFile } from '../../shared/recordings-model';
import { registerHandlers } from '../core/command-registry';
import { liveCall, pageOf } from '../core/platform-call';

type Schemas = components['schemas'];
const sa = '/v1/live/service-accounts/{service_account_key}' as const;

/**
 * Recording files are kept 7 days from the broadcast date (followed from the public service
 * guide: https://catenoid-support.atlassian.net/wiki/spaces/SUPJP/pages/2687839), ms.
 */
export const recordingRetentionMs = 7 * 24 * 3_600_000;
const dayMs = 24 * 3_600_000;

/** The domain, registered. */
export const recordingHandlers = registerHandlers(recordingCommands, {
  'recording.channels': async (_input, { session, priority }) => {
    // listChannels answers live channels unless asked for scheduled ones: both kinds, so a
    // scheduled channel can be picked and say that it makes no recordings.
    const kinds = await Promise.all(
      (['live', 'scheduled'] as const).map((channelType) =>
        liveCall(session.account, priority, (api, fetch, key) =>
          api.GET(`${sa}/channels`, {
            params: {
              path: { service_account_key: key },
              query: { per_page: 100, channel_type: channelType },
            },
            fetch,
          }),
        ),
      ),
    );
    return {
      data: kinds
        .flatMap((body) => body.data)
        .map((channel) => ({
          key: channel.key,
          title: channel.title,
          scheduled: channel.channel_type === 'scheduled',
        })),
      fetchedAt: session.clock.now(),
    };
  },

  'broadcast.history': async (input, { session, priority }) => {
    const now = session.clock.now();
    const query = {
      ...(input.order ? { order: input.order } : {}),
      ...(input.page ? { page: input.page } : {}),
      per_page: input.perPage ?? 50,
    };
    const body =
      input.scope === 'channel'
        ? await liveCall(session.account, priority, (api, fetch, key) =>
            api.GET(`${sa}/channels/{channel_key}/broadcasts`, {
              params: { path: { service_account_key: key, channel_key: input.channelKey }, query },
              fetch,
            }),
          )
        : await liveCall(session.account, priority, (api, fetch, key) =>
            api.GET(`${sa}/broadcasts`, {
              params: {
                path: { service_account_key: key },
                query: {
                  ...query,
                  ...(input.channelKey ? { channel_key: input.channelKey } : {}),
                  ...(input.onAir !== undefined ? { is_onair: input.onAir ? 1 : 0 } : {}),
                },
              },
              fetch,
            }),
          );
    return { data: pageOf(body, (item) => toPastBroadcast(item, now)), fetchedAt: now };
  },

  'broadcast.detail': async ({ broadcastKey }, { session, priority }) => {
    const body = await liveCall(session.account, priority, (api, fetch, key) =>
      api.GET(`${sa}/broadcasts/{broadcast_key}`, {
        params: { path: { service_account_key: key, broadcast_key: broadcastKey } },
        fetch,
      }),
    );
    const now = session.clock.now();
    return { data: toPastBroadcast(body.data, now), fetchedAt: now };
  },

  'broadcast.summary': async ({ broadcastKey }, { session, priority }) => {
    const { data } = await liveCall(session.account, priority, (api, fetch, key) =>
      api.GET(`${sa}/broadcasts/{broadcast_key}/statistics/summary`, {
        params: { path: { service_account_key: key, broadcast_key: broadcastKey } },
        fetch,
      }),
    );
    return {
      data: {
        viewCount: data.view_count,
        peakViewerCount: data.peak_viewer_count,
        watchSeconds: data.watch_seconds,
        broadcastSeconds: data.broadcast_seconds,
        startedAt: data.started_at,
        endedAt: data.ended_at,
      },
      fetchedAt: session.clock.now(),
    };
  },

  'recording.list': async (input, { session, priority }) => {
    const query = {
      ...(input.kind ? { kind: input.kind } : {}),
      ...(input.from ? { start_date: input.from } : {}),
      // `to` is the last day shown; the platform's `end_date` is exclusive.
      ...(input.to ? { end_date: nextDay(input.to) } : {}),
      ...(input.order ? { order: input.order } : {}),
      ...(input.page ? { page: input.page } : {}),
      per_page: input.perPage ?? 50,
    };
    const { channelKey, broadcastKey } = input;
    const body =
      channelKey !== undefined && broadcastKey !== undefined
        ? await liveCall(session.account, priority, (api, fetch, key) =>
            api.GET(`${sa}/channels/{channel_key}/broadcasts/{broadcast_key}/recording-files`, {
              params: {
                path: {
                  service_account_key: key,
                  channel_key: channelKey,
                  broadcast_key: broadcastKey,
                },
                query,
              },
              fetch,
            }),
          )
        : channelKey !== undefined
          ? await liveCall(session.account, priority, (api, fetch, key) =>
              api.GET(`${sa}/channels/{channel_key}/recording-files`, {
                params: { path: { service_account_key: key, channel_key: channelKey }, query },
                fetch,
              }),
            )
          : await liveCall(session.account, priority, (api, fetch, key) =>
              api.GET(`${sa}/recording-files`, {
                params: { path: { service_account_key: key }, query },
                fetch,
              }),
            );
    return { data: pageOf(body, toRecordingFile), fetchedAt: session.clock.now() };
  },
});

/**
 * A broadcast of the history (Broadcasts view) in the app's words: the platform's times as sent and
 * its time on air, to `nowMs` (epoch ms) for one still live. Not the control room's live
 * `Broadcast` (core/live-mappers.ts `toBroadcast`).
 */
export function toPastBroadcast(wire: Schemas['Broadcast'], nowMs: number): PastBroadcast {
  const started = wire.started_at === null ? null : Date.parse(wire.started_at);
  const ended = wire.ended_at === null ? null : Date.parse(wire.ended_at);
  return {
    key: wire.key,
    channelKey: wire.channel_key,
    title: wire.title,
    onAir: wire.is_onair,
    startedAt: wire.started_at,
    endedAt: wire.ended_at,
    durationSeconds: started === null ? null : Math.round(((ended ?? nowMs) - started) / 1000),
    createdAt: wire.created_at,
  };
}

/** The platform's recording file in the app's words, with the day the platform deletes it. */
export function toRecordingFile(wire: Schemas['RecordingFile']): RecordingFile {
  return {
    id: wire.id,
    channelKey: wire.channel_key,
    broadcastKey: wire.broadcast_key,
    kind: wire.kind,
    fileName: wire.file_name,
    fileSizeBytes: wire.file_size,
    durationSeconds: wire.duration,
    startedAt: wire.started_at,
    endedAt: wire.ended_at,
    expiresAt: new Date(Date.parse(wire.started_at) + recordingRetentionMs).toISOString(),
    transfers: wire.transfers.map((transfer) => ({
      destinationId: transfer.file_transfer_id,
      kind: transfer.kind,
      title: transfer.title,
      transferred: transfer.result === 1,
      reason: transfer.reason,
      finishedAt: transfer.finished_at,
    })),
  };
}

/** `YYYY-MM-DD` of the day after `day` (UTC). */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + dayMs).toISOString().slice(0, 10);
}
