/** Handlers of `shared/commands/channel-admin.ts`. */
import { channelAdminCommands } from '../shared/commands/channel-admin';
import { registerHandlers } from './command-registry';

/** The domain, registered. */
export const channelAdminHandlers = registerHandlers(channelAdminCommands, {});
