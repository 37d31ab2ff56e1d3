/** Korean: the titles and one-line descriptions of the controlRoom domain's commands (`shared/commands/control-room.ts`), nested by command name. */
export const commandsControlRoom = {} as const;
