/**
 * The resource groups of both APIs (docs/architecture.md, "Sandbox layout"): each becomes one
 * encapsulated Fastify plugin (operation-plugin.ts). Together they answer every operation of
 * live-v1.yaml and vod-v3.yaml exactly once (`checkOperationGroups`).
 */
import type { OperationGroup } from './operation-plugin';
import type { SandboxContext } from './operation';
import { sliceOf } from './operation';
import { liveAccountOperations } from './routes/live-account';
import { liveAudienceOperations } from './routes/live-audience';
import { liveBroadcastOperations } from './routes/live-broadcasts';
import { liveChannelAdminOperations } from './routes/live-channel-admin';
import { liveChannelOperations } from './routes/live-channels';
import { liveChatOperations } from './routes/live-chat';
import { liveCreatorOperations } from './routes/live-creators';
import { liveFileTransferOperations } from './routes/live-file-transfers';
import { liveProfileOperations } from './routes/live-profiles';
import { liveProgramOperations } from './routes/live-programs';
import { liveRecordingOperations } from './routes/live-recordings';
import { liveStatisticsOperations } from './routes/live-statistics';
import { vodOperations } from './routes/vod';
import { vodAiOperations } from './routes/vod-ai';
import { vodCategoryOperations } from './routes/vod-categories';
import { vodChannelOperations } from './routes/vod-channels';
import { vodContentOperations } from './routes/vod-contents';
import { vodMediaOperations } from './routes/vod-media';
import { vodProfileOperations } from './routes/vod-profiles';
import { vodStatisticsOperations } from './routes/vod-statistics';
import { vodSubtitleOperations } from './routes/vod-subtitles';
import { vodTranscodingOperations } from './routes/vod-transcoding';

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
