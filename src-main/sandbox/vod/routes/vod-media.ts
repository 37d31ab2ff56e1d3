/**
 * VOD keys and account-wide media settings (vod-v3.yaml, tags Media content keys, Media,
 * Upload, Player skins, Player events): media content keys, service encryption, user keys,
 * watermarking code, one-time upload URLs, skins and events. Typed from the generated OpenAPI
 * types.
 */
import { newKey } from '../../state/ids';
import { createCipheriv, randomBytes } from 'node:crypto';
import { ApiError, unprocessable } from '../../state/http-error';
import type { OperationHandlers, SliceContext } from '../../kernel/operation';
import type { Schema } from '../../kernel/typed-operation';
import { defaulted, typedOperations } from '../../kernel/typed-operation';
import { ok, okNull } from '../vod-envelope';
import { uploadUrls } from '../vod-files';
import { presentContentKey, unix } from '../vod-present';
import type { UploadUrlRecord, VodSlice } from '../vod-state';
import { found, findContent } from '../vod-state';

/** Most user keys an account holds (our design). */
export const userKeyLimit = 10;

/** Handlers by operationId, given their slice: the VOD records and the media contents. */
export function vodMediaOperations({
  state,
  clock,
}: SliceContext<keyof VodSlice>): OperationHandlers {
  const { vod } = state;
  const contentKey = (key: string) =>
    found(
      vod.contentKeys.find((item) => item.key === key),
      'media content key',
      key,
    );
  const userKey = (key: string) =>
    found(
      vod.userKeys.find((item) => item.key === key),
      'user key',
      key,
    );

  return typedOperations<'vod'>({
    getMediaContentKey: ({ params }) =>
      ok(presentContentKey(vod, contentKey(params.media_content_key))),

    validateMediaContentKey: ({ query }) => {
      const key = query.media_content_key;
      const record = vod.contentKeys.find((item) => item.key === key);
      const channel = vod.channels.find((item) => item.key === record?.channelKey);
      const reason =
        record === undefined
          ? 'unknown'
          : record.uploadFileKey !== null
            ? 'assigned'
            : channel?.status === 0
              ? 'channel_inactive'
              : null;
      return ok<Schema<'vod', 'MediaContentKeyValidation'>>({
        media_content_key: key,
        is_valid: reason === null,
        reason,
      });
    },

    assignMediaContentKey: ({ params }) => {
      const content = findContent(state, params.upload_file_key);
      const record = contentKey(params.media_content_key);
      if (record.uploadFileKey !== null && record.uploadFileKey !== content.uploadFileKey)
        throw unprocessable(
          `The key ${record.key} is already linked to another content; use an unassigned key.`,
          'media_content_key',
        );
      const channel = vod.channels.find((item) => item.key === record.channelKey);
      if (content.isEncrypted && channel?.kind !== 1)
        throw unprocessable(
          `"${content.title}" is encrypted: only keys of an encryption-dedicated channel can be assigned.`,
          'media_content_key',
        );
      for (const other of vod.contentKeys) {
        if (other.channelKey === record.channelKey && other.uploadFileKey === content.uploadFileKey)
          other.uploadFileKey = null;
      }
      record.uploadFileKey = content.uploadFileKey;
      return ok(presentContentKey(vod, record));
    },

    serviceEncrypt: ({ body }) => {
      const iv = randomBytes(16);
      const cipher = createCipheriv('aes-256-cbc', Buffer.from(vod.serviceKeyHex, 'hex'), iv);
      const encrypted = Buffer.concat([iv, cipher.update(body.plaintext, 'utf8'), cipher.final()]);
      return ok<Schema<'vod', 'EncryptedText'>>({ encrypted_text: encrypted.toString('base64') });
    },

    createUserKey: () => {
      if (vod.userKeys.length >= userKeyLimit)
        throw unprocessable(
          `The account already has ${userKeyLimit} user keys, the most it can hold: delete one first.`,
        );
      const record = { key: newKey(state, 32, 'mixed'), createdAt: clock.now() };
      vod.userKeys.push(record);
      return ok<Schema<'vod', 'UserKey'>>({
        user_key: record.key,
        created_at: unix(record.createdAt),
      });
    },

    reissueUserKey: ({ params }) => {
      const old = userKey(params.user_key);
      const record = { key: newKey(state, 32, 'mixed'), createdAt: clock.now() };
      vod.userKeys = [...vod.userKeys.filter((item) => item !== old), record];
      return ok<Schema<'vod', 'UserKey'>>({
        user_key: record.key,
        created_at: unix(record.createdAt),
      });
    },

    deleteUserKey: ({ params }) => {
      const old = userKey(params.user_key);
      vod.userKeys = vod.userKeys.filter((item) => item !== old);
      return okNull;
    },

    getWatermarkingCode: () =>
      ok<Schema<'vod', 'WatermarkingCode'>>({ watermarking_code: vod.watermarkingCode }),

    createUploadUrl: ({ body }) => {
      const categoryKey = body.category_key ?? null;
      if (categoryKey !== null && !vod.categories.some((item) => item.key === categoryKey))
        throw unprocessable('The selected category does not exist.', 'category_key');
      const nowMs = clock.nowMs();
      const day = new Date(nowMs).toISOString().slice(0, 10).replaceAll('-', '');
      const upload: UploadUrlRecord = {
        token: randomBytes(24).toString('base64url'),
        uploadFileKey: `${day}-${newKey(state, 8)}`,
        expiresAt: new Date(nowMs + defaulted(body.expire_time, 'expire_time') * 1000),
        usedAt: null,
        progress: 0,
        categoryKey,
        title: body.title ?? '',
        isEncrypted: body.is_encryption_upload === 1,
        isAudio: body.is_audio_upload === 1,
      };
      vod.uploads.set(upload.token, upload);
      return ok<Schema<'vod', 'UploadUrl'>>({
        ...uploadUrls(vod, upload),
        upload_file_key: upload.uploadFileKey,
        expired_at: unix(upload.expiresAt),
      });
    },

    listPlayerSkins: () =>
      ok(
        vod.skins.map((skin): Schema<'vod', 'PlayerSkin'> => ({
          id: skin.id,
          name: skin.name,
          channel_keys: vod.channels
            .filter((channel) => channel.playerSkinId === skin.id)
            .map((channel) => channel.key),
          created_at: unix(skin.createdAt),
        })),
      ),

    deletePlayerSkin: ({ params }) => {
      const id = params.player_skin_id;
      found(
        vod.skins.find((skin) => skin.id === id),
        'player skin',
        id,
      );
      vod.skins = vod.skins.filter((skin) => skin.id !== id);
      for (const channel of vod.channels)
        if (channel.playerSkinId === id) channel.playerSkinId = null;
      return okNull;
    },

    listPlayerEvents: () =>
      ok(
        vod.events.map((event): Schema<'vod', 'PlayerEvent'> => ({
          id: event.id,
          name: event.name,
          kind: event.kind,
          event_type: event.eventType,
          media: event.media,
          ad_url: event.adUrl,
          is_enabled: event.isEnabled,
          created_at: unix(event.createdAt),
        })),
      ),

    deletePlayerEvent: ({ params }) => {
      const id = params.player_event_id;
      if (!vod.events.some((event) => event.id === id))
        throw new ApiError(
          404,
          `No player event with the id ${id} exists in this service account.`,
        );
      vod.events = vod.events.filter((event) => event.id !== id);
      return okNull;
    },
  });
}
