/** Korean: the titles and one-line descriptions of the channelAdmin domain's commands (`shared/commands/channel-admin.ts`), nested by command name. */
export const commandsChannelAdmin = {} as const;
