/**
 * Per-channel administration: callbacks, creators, syndications, recording destinations, chat (issue "Live administration").
 */
import { defineCommands } from './define';

/** Commands of this domain (declared by the work; empty in the skeleton). */
export const channelAdminCommands = defineCommands({});
