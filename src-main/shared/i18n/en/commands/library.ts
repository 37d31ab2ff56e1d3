/** English: the titles and one-line descriptions of the library domain's commands (`shared/commands/library.ts`), nested by command name. */
export const commandsLibrary = {} as const;
