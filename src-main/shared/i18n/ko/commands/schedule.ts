/** Korean: the titles and one-line descriptions of the schedule domain's commands (`shared/commands/schedule.ts`), nested by command name. */
export const commandsSchedule = {} as const;
