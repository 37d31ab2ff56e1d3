/**
 * The callback delivery log and the simulated viewers whose actions fire the playback and
 * download callbacks (callbacks.ts), loopback only, JSON or form-encoded bodies, outside the
 * OpenAPI documents like every `/__sandbox` control:
 *
 * - `GET  /__sandbox/callbacks/deliveries` → `{ deliver_outside, deliveries: [delivery] }`,
 *   newest first (the last 500). A delivery: `{ id, kind, url, status
 *   ('pending'|'delivered'|'given_up'|'refused'), created_at (ISO-8601 UTC, virtual clock),
 *   payload: { field: value }, attempts: [{ attempt, at, outcome, http_status, error }] }`.
 * - `POST /__sandbox/callbacks/deliveries/{id}/resend` → `{ data: delivery }` once the new
 *   attempt is queued; 404 when unknown.
 * - `GET  /__sandbox/callbacks/settings` → `{ deliver_outside }`; `POST` the same body sets it
 *   (off by default: loopback receivers only, callbacks-target.ts).
 * - `POST /__sandbox/live/channels/{channel_key}/play` `{ client_user_id?, device_name? }`: a
 *   viewer asks to play the channel's broadcast on air → live playback callback; 422 when the
 *   channel is not on air.
 * - `POST /__sandbox/vod/channels/{channel_key}/media-contents/{media_content_key}/play`
 *   `{ client_user_id? }` → VOD playback callback (the channel's callback URL), only when the
 *   channel's `use_pingback` is on (observed).
 * - `POST /__sandbox/vod/channels/{channel_key}/media-contents/{media_content_key}/download`
 *   `{ device: 'pc'|'mobile', client_user_id? }` → VOD download callback.
 * The three viewer routes answer `{ delivery_id }` (null when no URL is set: no call). Invalid
 * input answers 422 `{ message, errors }`; unknown keys 404.
 */
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import type { CallbackDelivery, CallbackEngine } from '../callbacks/callbacks';
import { ApiError, unprocessable } from '../state/http-error';
import type { SandboxContext } from '../kernel/operation';
import { isoUtc } from '../kernel/present';
import { findChannel } from '../state/state';
import { controlPrefix } from './control';
import { loopbackOnly, parseControlBody } from './control-support';

const settingsSchema = z
  .object({
    deliver_outside: z.preprocess(
      (value) => ({ true: true, false: false, 1: true, 0: false })[String(value)] ?? value,
      z.boolean({ error: 'The deliver_outside field must be true or false.' }),
    ),
  })
  .strict();

const userId = z.string().trim().min(1).max(100).optional();
const liveViewerSchema = z
  .object({ client_user_id: userId, device_name: z.string().trim().min(1).max(100).optional() })
  .strict();
const vodViewerSchema = z.object({ client_user_id: userId }).strict();
const downloadSchema = z
  .object({
    device: z.enum(['pc', 'mobile'], { error: 'The device must be pc or mobile.' }),
    client_user_id: userId,
  })
  .strict();

/** A delivery as the control routes show it (snake_case, UTC ISO-8601 times). */
export function presentDelivery(delivery: CallbackDelivery) {
  return {
    id: delivery.id,
    kind: delivery.type,
    url: delivery.url,
    status: delivery.status,
    created_at: isoUtc(new Date(delivery.createdAtMs)),
    payload: delivery.form,
    attempts: delivery.log.map((entry) => ({
      attempt: entry.attempt,
      at: isoUtc(new Date(entry.atMs)),
      outcome: entry.outcome,
      http_status: entry.httpStatus,
      error: entry.error,
    })),
  };
}

/** Options of `callbackControlPlugin`. */
export interface CallbackControlOptions {
  context: SandboxContext;
  callbacks: CallbackEngine;
}

/** Registers the delivery log, its settings and the simulated viewers on `app`. */
export const callbackControlPlugin: FastifyPluginCallback<CallbackControlOptions> = (
  app,
  { context, callbacks },
  done,
) => {
  const { state, clock } = context;
  const base = `${controlPrefix}/callbacks`;
  app.get(`${base}/deliveries`, { onRequest: loopbackOnly }, () => ({
    deliver_outside: callbacks.deliverOutside,
    deliveries: callbacks.deliveries().reverse().map(presentDelivery),
  }));
  app.post<{ Params: { id: string } }>(
    `${base}/deliveries/:id/resend`,
    { onRequest: loopbackOnly },
    (request) => {
      const id = Number(request.params.id);
      const delivery = Number.isInteger(id) ? callbacks.resend(id) : undefined;
      if (delivery === undefined)
        throw new ApiError(404, `No delivery ${request.params.id} is kept (the last 500 are).`);
      return { data: presentDelivery(delivery) };
    },
  );
  app.get(`${base}/settings`, { onRequest: loopbackOnly }, () => ({
    deliver_outside: callbacks.deliverOutside,
  }));
  app.post(`${base}/settings`, { onRequest: loopbackOnly }, (request) => {
    const { deliver_outside: on } = parseControlBody(settingsSchema, request.body);
    callbacks.setDeliverOutside(on);
    return { deliver_outside: callbacks.deliverOutside };
  });

  app.post<{ Params: { channel_key: string } }>(
    `${controlPrefix}/live/channels/:channel_key/play`,
    { onRequest: loopbackOnly },
    (request) => {
      const body = parseControlBody(liveViewerSchema, request.body);
      const channel = findChannel(state, request.params.channel_key);
      const broadcast = state.broadcasts.find(
        (item) => item.channelKey === channel.key && item.isOnair,
      );
      if (broadcast === undefined)
        throw unprocessable(`The channel "${channel.title}" is not on air: nothing to play.`);
      const delivery = callbacks.emit({
        type: 'live.playback',
        kind: 100,
        channel_key: channel.key,
        media_content_key: broadcast.key,
        client_user_id: body.client_user_id ?? 'sandbox-viewer',
        player_id: 'sandbox-player',
        hardware_id: 'sandbox-hardware',
        device_name: body.device_name ?? 'Sandbox viewer',
        uservalues: '{}',
        localtime: Math.floor(clock.nowMs() / 1000),
      });
      return { delivery_id: delivery?.id ?? null };
    },
  );

  const vodLink = (channelKey: string, mediaContentKey: string) => {
    const link = state.vod.contentKeys.find(
      (item) => item.channelKey === channelKey && item.key === mediaContentKey,
    );
    if (link === undefined || link.uploadFileKey === null)
      throw new ApiError(
        404,
        `No content with the media content key ${mediaContentKey} is in the channel ${channelKey}.`,
      );
    return {
      channel_key: channelKey,
      upload_file_key: link.uploadFileKey,
      media_content_key: link.key,
    };
  };
  type VodParams = { Params: { channel_key: string; media_content_key: string } };
  const vodPath = `${controlPrefix}/vod/channels/:channel_key/media-contents/:media_content_key`;
  app.post<VodParams>(`${vodPath}/play`, { onRequest: loopbackOnly }, (request) => {
    const body = parseControlBody(vodViewerSchema, request.body);
    const link = vodLink(request.params.channel_key, request.params.media_content_key);
    // Observed: `use_pingback` turns the playback-request callback on.
    const channel = state.vod.channels.find((item) => item.key === link.channel_key);
    if (channel?.usePingback !== true) return { delivery_id: null };
    const delivery = callbacks.emit({
      type: 'vod.playback',
      ...link,
      client_user_id: body.client_user_id ?? 'sandbox-viewer',
    });
    return { delivery_id: delivery?.id ?? null };
  });
  app.post<VodParams>(`${vodPath}/download`, { onRequest: loopbackOnly }, (request) => {
    const body = parseControlBody(downloadSchema, request.body);
    const delivery = callbacks.emit({
      type: 'vod.download',
      ...vodLink(request.params.channel_key, request.params.media_content_key),
      device: body.device,
      client_user_id: body.client_user_id ?? 'sandbox-viewer',
    });
    return { delivery_id: delivery?.id ?? null };
  });
  done();
};
