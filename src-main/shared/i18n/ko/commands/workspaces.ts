/** Korean: the titles and one-line descriptions of the workspaces domain's commands (`shared/commands/workspaces.ts`), nested by command name. */
export const commandsWorkspaces = {} as const;
