/** English: the titles and one-line descriptions of the statistics domain's commands (`shared/commands/statistics.ts`), nested by command name. */
export const commandsStatistics = {
  statistics: {
    broadcasts: {
      title: 'List broadcasts for statistics',
      description: 'Reads the latest 100 broadcasts of a live channel to pick one.',
    },
    viewers: {
      title: 'Show viewer curve',
      description: 'Reads the viewers of one UTC day for the account, a channel or a broadcast.',
    },
    summary: {
      title: 'Show key metrics',
      description: 'Reads the key live metrics of a period, a channel or a whole broadcast.',
    },
    daily: {
      title: 'Show daily live metrics',
      description: 'Reads the key live metrics per UTC day for all broadcasts.',
    },
    chat: {
      title: 'Show chat use',
      description: 'Reads chat use per hour or per day.',
    },
    scheduledDaily: {
      title: 'Show daily scheduled output',
      description: 'Reads the scheduled live output per UTC day.',
    },
    vodChannels: {
      title: 'List VOD channels for statistics',
      description: 'Reads the first 100 VOD channels to rank one channel’s contents.',
    },
    contentRank: {
      title: 'Show most viewed contents',
      description: 'Reads the most viewed contents of the account or of one VOD channel.',
    },
    vodChannelTotals: {
      title: 'Show VOD channel totals',
      description: 'Reads the totals per VOD channel for a period.',
    },
    vodDaily: {
      title: 'Show daily VOD metrics',
      description: 'Reads the metrics of all VOD contents per UTC day.',
    },
  },
} as const;
