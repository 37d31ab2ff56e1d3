/** Handlers of `shared/commands/statistics.ts`. */
import { statisticsCommands } from '../shared/commands/statistics';
import { registerHandlers } from './command-registry';

/** The domain, registered. */
export const statisticsHandlers = registerHandlers(statisticsCommands, {});
