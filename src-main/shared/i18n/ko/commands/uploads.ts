/** Korean: the titles and one-line descriptions of the uploads domain's commands (`shared/commands/uploads.ts`), nested by command name. */
export const commandsUploads = {} as const;
