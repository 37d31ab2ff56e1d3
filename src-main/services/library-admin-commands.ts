/** Handlers of `shared/commands/library-admin.ts`. */
import { libraryAdminCommands } from '../shared/commands/library-admin';
import { registerHandlers } from './command-registry';

/** The domain, registered. */
export const libraryAdminHandlers = registerHandlers(libraryAdminCommands, {});
