/** English: the titles and one-line descriptions of the channels domain's commands (`shared/commands/channels.ts`), nested by command name. */
export const commandsChannels = {} as const;
