/** English: the titles and one-line descriptions of the channels domain's commands (`shared/commands/channels.ts`), nested by command name. */
export const commandsChannels = {
  channels: {
    list: {
      title: 'List channels',
      description: 'Reads one page of channels with their on-air tally, by state and type.',
    },
    get: {
      title: 'Read channel',
      description: 'Reads one channel’s settings.',
    },
    access: {
      title: 'Read role and contract',
      description: 'Reads whether this token is a super administrator’s, and the contract.',
    },
    create: {
      title: 'Register channel',
      description: 'Registers a new live channel.',
    },
    update: {
      title: 'Edit channel',
      description: 'Changes the channel settings given.',
    },
    setState: {
      title: 'Change channel state',
      description: 'Disables, enables, moves to the trash or restores a channel.',
    },
    delete: {
      title: 'Delete channel permanently',
      description: 'Deletes a channel for good once its title is typed.',
    },
    planBatch: {
      title: 'Preview channel batch',
      description: 'Plans a state change of the selected channels; nothing is sent.',
    },
    runBatch: {
      title: 'Run channel batch',
      description: 'Sends a previewed state change to each channel in turn.',
    },
  },
  profiles: {
    groups: {
      title: 'List profile groups',
      description: 'Reads the encoding profile groups.',
    },
    overview: {
      title: 'Read encoding profiles',
      description: 'Reads every profile group with its profiles and the active count.',
    },
    attach: {
      title: 'Activate encoding profile',
      description: 'Attaches an encoding profile so channels use it.',
    },
    detach: {
      title: 'Deactivate encoding profile',
      description: 'Detaches an encoding profile.',
    },
  },
} as const;
