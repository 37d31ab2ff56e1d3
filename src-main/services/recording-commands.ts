/** Handlers of `shared/commands/recordings.ts`. */
import { recordingCommands } from '../shared/commands/recordings';
import { registerHandlers } from './command-registry';

/** The domain, registered. */
export const recordingHandlers = registerHandlers(recordingCommands, {});
