/**
 * The live operations beyond the first fourteen, in one map for server.ts: profiles and
 * chatting services, channel administration, creators and syndications, file transfers,
 * recording files and downloads, programs, chat, statistics.
 */
import type { OperationHandlers, SandboxContext } from '../operation';
import { liveChannelAdminOperations } from './live-channel-admin';
import { liveChatOperations } from './live-chat';
import { liveCreatorOperations } from './live-creators';
import { liveFileTransferOperations } from './live-file-transfers';
import { liveProfileOperations } from './live-profiles';
import { liveProgramOperations } from './live-programs';
import { liveRecordingOperations } from './live-recordings';
import { liveStatisticsOperations } from './live-statistics';

/** Handlers by operationId. */
export function liveMoreOperations(context: SandboxContext): OperationHandlers {
  return {
    ...liveProfileOperations(context),
    ...liveChannelAdminOperations(context),
    ...liveCreatorOperations(context),
    ...liveFileTransferOperations(context),
    ...liveRecordingOperations(context),
    ...liveProgramOperations(context),
    ...liveChatOperations(context),
    ...liveStatisticsOperations(context),
  };
}
