/** English: the titles and one-line descriptions of the recordings domain's commands (`shared/commands/recordings.ts`), nested by command name. */
export const commandsRecordings = {} as const;
