/** English: the titles and one-line descriptions of the schedule domain's commands (`shared/commands/schedule.ts`), nested by command name. */
export const commandsSchedule = {
  schedule: {
    programs: {
      title: 'Read channel schedule',
      description: 'Reads the programs of one channel in a time range.',
    },
    media: {
      title: 'List program media',
      description: 'Reads the media items programs can play.',
    },
    agenda: {
      title: 'Read all schedules',
      description: 'Reads the programs of every scheduled channel in a time range.',
    },
    deleteMedia: {
      title: 'Delete program media permanently',
      description: 'Deletes an uploaded media item for good.',
    },
    waitingScreens: {
      title: 'List waiting screens',
      description: 'Reads the waiting screens channels can show.',
    },
    apply: {
      title: 'Edit schedule',
      description: 'Creates, changes or removes one program; the timeline can undo it.',
    },
    planCopyDay: {
      title: 'Preview copying a day',
      description: 'Plans copying one day’s programs to another day (UTC); nothing is sent.',
    },
    planFill: {
      title: 'Preview filling a range',
      description: 'Plans filling a time range back to back with media items; nothing is sent.',
    },
    runBatch: {
      title: 'Run schedule batch',
      description: 'Sends a previewed batch of program changes one by one.',
    },
  },
} as const;
