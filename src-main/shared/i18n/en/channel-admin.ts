/** English: a channel's callbacks, creators, syndications, recording destinations and chat. */
export const channelAdmin = {
  channelAdmin: {
    title: 'Channel administration',
    tabs: {
      settings: 'Settings',
      callbacks: 'Callbacks',
      creators: 'Creators',
      syndications: 'Restream',
      destinations: 'Recording destinations',
      chat: 'Chat',
      broadcasts: 'Broadcasts',
    },
  },
} as const;
