/** English: the titles and one-line descriptions of the transfers domain's commands (`shared/commands/transfers.ts`), nested by command name. */
export const commandsTransfers = {} as const;
