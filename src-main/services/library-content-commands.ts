/** Handlers of `shared/commands/library-content.ts`. */
import { libraryContentCommands } from '../shared/commands/library-content';
import { registerHandlers } from './command-registry';

/** The domain, registered. */
export const libraryContentHandlers = registerHandlers(libraryContentCommands, {});
