/**
 * The Library's tools (VOD API v3, tag Media and Player events): service encryption, user
 * keys, the watermarking code and player events. A user key is answered to the renderer once
 * and never kept here, logged or written anywhere (spec: issued, renewed, deleted).
 */
import type { libraryAdminCommands } from '../../shared/commands/library-admin';
import type { Handlers } from '../core/command-registry';
import { vodCall } from '../core/platform-call';

type ToolCommands =
  | 'vodTool.encrypt'
  | 'userKey.create'
  | 'userKey.reissue'
  | 'userKey.delete'
  | 'vodTool.watermark'
  | 'playerEvent.list'
  | 'playerEvent.delete';

const isoOf = (unixS: number): string => new Date(unixS * 1000).toISOString();

/** Handlers of the tools' commands, spread into the domain's registration. */
export const vodToolHandlers: Pick<Handlers<typeof libraryAdminCommands>, ToolCommands> = {
  'vodTool.encrypt': async ({ plaintext }, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.POST('/media/service-encrypt', { body: { plaintext }, fetch }),
    );
    return { encryptedText: body.data.encrypted_text };
  },
  'userKey.create': async (_input, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.POST('/media/user-key', { fetch }),
    );
    return { userKey: body.data.user_key, createdAt: isoOf(body.data.created_at) };
  },
  'userKey.reissue': async ({ userKey }, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.PUT('/media/user-key/{user_key}', { params: { path: { user_key: userKey } }, fetch }),
    );
    return { userKey: body.data.user_key, createdAt: isoOf(body.data.created_at) };
  },
  'userKey.delete': async ({ userKey }, { session, priority }) => {
    await vodCall(session.account, priority, (api, fetch) =>
      api.DELETE('/media/user-key/{user_key}', { params: { path: { user_key: userKey } }, fetch }),
    );
    return null;
  },
  'vodTool.watermark': async (_input, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.GET('/media/watermarking-code', { fetch }),
    );
    return { data: { code: body.data.watermarking_code }, fetchedAt: session.clock.now() };
  },
  'playerEvent.list': async (_input, { session, priority }) => {
    const body = await vodCall(session.account, priority, (api, fetch) =>
      api.GET('/player-events', { fetch }),
    );
    return {
      data: body.data.map((event) => ({
        id: event.id,
        name: event.name,
        position: event.kind,
        eventType: event.event_type,
        media: event.media,
        adUrl: event.ad_url,
        enabled: event.is_enabled,
        createdAt: isoOf(event.created_at),
      })),
      fetchedAt: session.clock.now(),
    };
  },
  'playerEvent.delete': async ({ eventId }, { session, priority }) => {
    await vodCall(session.account, priority, (api, fetch) =>
      api.DELETE('/player-events/{player_event_id}', {
        params: { path: { player_event_id: eventId } },
        fetch,
      }),
    );
    return null;
  },
};
