/** Korean: the titles and one-line descriptions of the libraryAdmin domain's commands (`shared/commands/library-admin.ts`), nested by command name. */
export const commandsLibraryAdmin = {} as const;
