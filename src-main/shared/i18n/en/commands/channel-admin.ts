/** English: the titles and one-line descriptions of the channelAdmin domain's commands (`shared/commands/channel-admin.ts`), nested by command name. */
export const commandsChannelAdmin = {
  channelAdmin: {
    callbacks: {
      title: 'Read callbacks',
      description: 'Reads the channel’s callback URLs.',
    },
    setCallbacks: {
      title: 'Set callbacks',
      description: 'Sets the channel’s callback URLs; an empty one is removed.',
    },
    creators: {
      title: 'List creators',
      description: 'Reads the channel’s creators.',
    },
    createCreator: {
      title: 'Add creator',
      description: 'Adds a creator to the channel.',
    },
    renameCreator: {
      title: 'Rename creator',
      description: 'Changes a creator’s nickname.',
    },
    deleteCreator: {
      title: 'Delete creator',
      description: 'Removes a creator from the channel.',
    },
    syndications: {
      title: 'List syndications',
      description: 'Reads the channel’s syndications, without their stream keys.',
    },
    revealStreamKey: {
      title: 'Show stream key',
      description: 'Reads one syndication’s stream key.',
    },
    createSyndication: {
      title: 'Add syndication',
      description: 'Adds a syndication to another RTMP service.',
    },
    updateSyndication: {
      title: 'Edit syndication',
      description: 'Changes a syndication; an omitted stream key stays.',
    },
    deleteSyndication: {
      title: 'Delete syndication',
      description: 'Removes a syndication from the channel.',
    },
    destinations: {
      title: 'List recording destinations',
      description: 'Reads where the channel’s recording files are sent.',
    },
    destination: {
      title: 'Read recording destination',
      description: 'Reads one recording destination as the platform holds it.',
    },
    createDestination: {
      title: 'Add recording destination',
      description: 'Adds an FTP, SFTP, Amazon S3 or Kollus VOD destination.',
    },
    updateDestination: {
      title: 'Edit recording destination',
      description: 'Changes a destination; an omitted password or secret key stays.',
    },
    deleteDestination: {
      title: 'Delete recording destination',
      description: 'Removes a recording destination from the channel.',
    },
    setDestinationActive: {
      title: 'Turn recording destination on or off',
      description: 'Sets whether recording files are sent to a destination.',
    },
    chattingServices: {
      title: 'List chatting services',
      description: 'Reads the account’s chatting service contracts.',
    },
    chat: {
      title: 'Read chat settings',
      description: 'Reads the channel’s chat settings and the room now.',
    },
    updateServiceChat: {
      title: 'Set chat',
      description: 'Changes the channel’s own chat settings.',
    },
    updateExternalChat: {
      title: 'Set external chat',
      description: 'Changes the channel’s external chat settings.',
    },
  },
} as const;
