/** English: the titles and one-line descriptions of the activity domain's commands (`shared/commands/activity.ts`), nested by command name. */
export const commandsActivity = {
  activity: {
    query: {
      title: 'Read activity',
      description:
        "Lists this workspace's journal of commands and events, newest first, by seat, operator, channel, kind and time.",
    },
    exportCsv: {
      title: 'Export activity as CSV',
      description:
        'Saves the filtered activity as a CSV file for spreadsheets (UTF-8, times in UTC).',
    },
    exportReport: {
      title: 'Export the event-day report',
      description:
        'Saves one HTML file of a day (UTC): a timeline of on-air periods, commands, refusals, 429s, stale polls and uploads, then every line.',
    },
  },
} as const;
