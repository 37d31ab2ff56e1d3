/** Korean: the titles and one-line descriptions of the persist domain's commands (`shared/commands/persist.ts`), nested by command name. */
export const commandsPersist = {} as const;
