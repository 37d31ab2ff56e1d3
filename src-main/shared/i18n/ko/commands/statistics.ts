/** Korean: the titles and one-line descriptions of the statistics domain's commands (`shared/commands/statistics.ts`), nested by command name. */
export const commandsStatistics = {} as const;
