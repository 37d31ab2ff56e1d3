/** Korean: the titles and one-line descriptions of the libraryContent domain's commands (`shared/commands/library-content.ts`), nested by command name. */
export const commandsLibraryContent = {} as const;
