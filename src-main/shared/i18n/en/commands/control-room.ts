/** English: the titles and one-line descriptions of the control room's commands (`shared/commands/control-room.ts`), nested by command name. */
export const commandsControlRoom = {
  broadcast: {
    get: {
      title: 'Read broadcast',
      description: 'Reads one broadcast as the platform holds it now.',
    },
    participants: {
      title: 'Read chat participants',
      description: 'Reads who is in the chat of the broadcast on air.',
    },
    viewers: {
      title: 'Read viewers',
      description: 'Reads today’s viewer counts of the broadcast in 5-minute steps (UTC).',
    },
    rename: {
      title: 'Rename broadcast',
      description: 'Changes the title viewers see for the broadcast on air.',
    },
    startRecording: {
      title: 'Start recording',
      description: 'Starts manual recording of the broadcast on air.',
    },
    stopRecording: {
      title: 'Stop recording',
      description: 'Stops the manual recording of the broadcast on air, after you confirm.',
    },
    setCuePoint: {
      title: 'Set cue point now',
      description:
        'Sets the timeshift cue point: viewers can seek back only as far as this moment.',
    },
  },
  channel: {
    focus: {
      title: 'Focus channel',
      description:
        'Focuses a channel in the control room: the one at that place in its list (as the keys 1 … 9 count), or one by its key.',
    },
  },
  command: {
    cancelWaiting: {
      title: 'Cancel waiting command',
      description: 'Stops a command that waits for the platform after a 429: nothing more is sent.',
    },
  },
  watch: {
    subscribe: {
      title: 'Watch live state',
      description: 'Keeps a broadcast or the channel list fresh on screen.',
    },
    unsubscribe: {
      title: 'Stop watching',
      description: 'Stops keeping a broadcast or the channel list fresh.',
    },
  },
} as const;
