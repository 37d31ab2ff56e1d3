/** Handlers of `shared/commands/transfers.ts` (the transfer list). */
import { transferCommands } from '../shared/commands/transfers';
import { registerHandlers } from './command-registry';

/** The transfer list, registered. Until it is built, a download is refused plainly. */
export const transferHandlers = registerHandlers(transferCommands, {
  'transfer.start': () => {
    throw new Error('Downloads are not available yet.');
  },
});
