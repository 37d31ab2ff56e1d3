/** Handlers of `shared/commands/channels.ts`. */
import { channelCommands } from '../shared/commands/channels';
import { registerHandlers } from './command-registry';

/** The domain, registered. */
export const channelHandlers = registerHandlers(channelCommands, {});
