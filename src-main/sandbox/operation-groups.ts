/**
 * The resource groups of both APIs (docs/dev/sandbox.md, "Platform operations"): each becomes one
 * encapsulated Fastify plugin (operation-plugin.ts). Together they answer every operation of
 * live-v1.yaml and vod-v3.yaml exactly once (`checkOperationGroups`).
 */
import type { OperationGroup } from './kernel/operation-plugin';
import type { SandboxContext } from './kernel/operation';
import { sliceOf } from './kernel/operation';
import { liveAccountOperations } from './live/routes/live-account';
import { liveAudienceOperations } from './live/routes/live-audience';
import { liveBroadcastOperations } from './live/routes/live-broadcasts';
import { liveChannelAdminOperations } from './live/routes/live-channel-admin';
import { liveChannelOperations } from './live/routes/live-channels';
import { liveChatOperations } from './live/routes/live-chat';
import { liveCreatorOperations } from './live/routes/live-creators';
import { liveFileTransferOperations } from './live/routes/live-file-transfers';
import { liveProfileOperations } from './live/routes/live-profiles';
import { liveProgramOperations } from './live/routes/live-programs';
import { liveRecordingOperations } from './live/routes/live-recordings';
import { liveStatisticsOperations } from './live/routes/live-statistics';
import { vodOperations } from './vod/routes/vod';
import { vodAiOperations } from './vod/routes/vod-ai';
import { vodCategoryOperations } from './vod/routes/vod-categories';
import { vodChannelOperations } from './vod/routes/vod-channels';
import { vodContentOperations } from './vod/routes/vod-contents';
import { vodMediaOperations } from './vod/routes/vod-media';
import { vodProfileOperations } from './vod/routes/vod-profiles';
import { vodStatisticsOperations } from './vod/routes/vod-statistics';
import { vodSubtitleOperations } from './vod/routes/vod-subtitles';
import { vodTranscodingOperations } from './vod/routes/vod-transcoding';

/**
 * Every group, live first, each with its handlers bound to `context`, or to its slice of the
 * state (`sliceOf`) for the groups that take one (every VOD group and most live ones). VOD
 * groups that report events find the callback engine through their slice (callbacks.ts
 * `emitCallback`, by the slice's root: operation.ts `rootOf`).
 */
export function operationGroups(context: SandboxContext): OperationGroup[] {
  const live = (name: string, handlers: OperationGroup['handlers']): OperationGroup => ({
    api: 'live',
    name: `live/${name}`,
    handlers,
  });
  const vod = (name: string, handlers: OperationGroup['handlers']): OperationGroup => ({
    api: 'vod',
    name: `vod/${name}`,
    handlers,
  });
  const vodSlice = () => sliceOf(context, 'ids', 'vod', 'mediaContents');
  return [
    live(
      'account',
      liveAccountOperations(
        sliceOf(context, 'serviceAccountKey', 'contract', 'profileGroups', 'profiles'),
      ),
    ),
    live('channels', liveChannelOperations(sliceOf(context, 'channels', 'broadcasts'))),
    live(
      'broadcasts',
      liveBroadcastOperations(sliceOf(context, 'channels', 'broadcasts', 'live', 'ids')),
    ),
    live('audience', liveAudienceOperations(sliceOf(context, 'seed', 'broadcasts', 'channels'))),
    live(
      'profiles',
      liveProfileOperations(sliceOf(context, 'profiles', 'profileGroups', 'contract', 'live')),
    ),
    live(
      'channel-admin',
      liveChannelAdminOperations(
        sliceOf(context, 'channels', 'broadcasts', 'live', 'ids', 'contract', 'profileGroups'),
      ),
    ),
    live('creators', liveCreatorOperations(sliceOf(context, 'live', 'channels', 'ids'))),
    live('file-transfers', liveFileTransferOperations(sliceOf(context, 'live', 'channels', 'ids'))),
    live(
      'recordings',
      liveRecordingOperations(sliceOf(context, 'seed', 'broadcasts', 'channels', 'live')),
    ),
    live('programs', liveProgramOperations(sliceOf(context, 'live', 'channels', 'ids'))),
    live('chat', liveChatOperations(sliceOf(context, 'seed', 'broadcasts', 'channels', 'live'))),
    live(
      'statistics',
      liveStatisticsOperations(sliceOf(context, 'seed', 'broadcasts', 'channels', 'live')),
    ),
    vod('reference', vodOperations(vodSlice())),
    vod('categories', vodCategoryOperations(vodSlice())),
    vod('channels', vodChannelOperations(vodSlice())),
    vod('media', vodMediaOperations(vodSlice())),
    vod('contents', vodContentOperations(vodSlice())),
    vod('transcoding', vodTranscodingOperations(vodSlice())),
    vod('subtitles', vodSubtitleOperations(vodSlice())),
    vod('profiles', vodProfileOperations(sliceOf(context, 'ids', 'vod'))),
    vod('statistics', vodStatisticsOperations(sliceOf(context, 'seed', 'vod', 'mediaContents'))),
    vod('ai', vodAiOperations(vodSlice())),
  ];
}
