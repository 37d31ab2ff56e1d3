/** English: the Channels view: channel list, states, settings and encoding profiles. */
export const channelsView = {
  channelsView: {
    title: 'Channels',
    sections: {
      channels: 'Channels',
      broadcasts: 'Broadcasts',
      profiles: 'Encoding profiles',
    },
  },
} as const;
