/** English: the titles and one-line descriptions of the controlRoom domain's commands (`shared/commands/control-room.ts`), nested by command name. */
export const commandsControlRoom = {
  channel: {
    list: {
      title: 'List live channels',
      description: 'Reads one page of live channels with their on-air state.',
    },
  },
  broadcast: {
    get: {
      title: 'Read broadcast',
      description: 'Reads the broadcast as the platform holds it now.',
    },
    participants: {
      title: 'Read chat participants',
      description: 'Reads who is in the chat of the broadcast on air.',
    },
    viewers: {
      title: 'Read viewer counts',
      description: 'Reads today’s viewer counts of the broadcast in 5-minute steps (UTC).',
    },
    rename: {
      title: 'Rename broadcast',
      description: 'Changes the title of the broadcast on air.',
    },
    startRecording: {
      title: 'Start recording',
      description: 'Starts manual recording of the broadcast on air.',
    },
    stopRecording: {
      title: 'Stop recording',
      description: 'Stops the manual recording now; the broadcast goes on.',
    },
    setCuePoint: {
      title: 'Set cue point now',
      description: 'Sets the timeshift cue point, the earliest point viewers can seek back to.',
    },
  },
  watch: {
    subscribe: {
      title: 'Watch for changes',
      description: 'Keeps what is on screen up to date by polling the platform.',
    },
    unsubscribe: {
      title: 'Stop watching',
      description: 'Stops polling for something no longer on screen.',
    },
  },
} as const;
