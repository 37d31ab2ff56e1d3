/** English: the titles and one-line descriptions of the channels domain's commands (`shared/commands/channels.ts`), nested by command name. */
export const commandsChannels = {
  channels: {
    delete: {
      title: 'Delete channel permanently',
      description: 'Deletes a live channel for good, once its title is typed to confirm.',
    },
  },
} as const;
