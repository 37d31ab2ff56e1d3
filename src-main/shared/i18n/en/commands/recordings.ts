/** English: the titles and one-line descriptions of the recordings domain's commands (`shared/commands/recordings.ts`), nested by command name. */
export const commandsRecordings = {
  recording: {
    channels: {
      title: 'List channels for filters',
      description: 'Reads the live and scheduled channels the filters offer.',
    },
    list: {
      title: 'List recording files',
      description: 'Reads recording files by broadcast, channel or account.',
    },
  },
  broadcast: {
    history: {
      title: 'List past broadcasts',
      description: 'Reads the broadcasts of the account or of one channel.',
    },
    detail: {
      title: 'Read past broadcast',
      description: 'Reads one broadcast.',
    },
    summary: {
      title: 'Read broadcast summary',
      description: 'Reads one broadcast’s key figures once it has ended.',
    },
  },
} as const;
