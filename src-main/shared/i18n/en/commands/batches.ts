/** English: the titles and one-line descriptions of the batches' commands (`shared/commands/batches.ts`), nested by command name. */
export const commandsBatches = {
  batches: {
    progress: {
      title: 'Read batch progress',
      description: 'Reads how far a batch of the schedule, the channels or the library has run.',
    },
  },
} as const;
