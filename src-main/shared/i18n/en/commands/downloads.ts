/** English: the titles and one-line descriptions of the downloads domain's commands (`shared/commands/downloads.ts`), nested by command name. */
export const commandsDownloads = {
  downloads: {
    start: {
      title: 'Download',
      description: 'Downloads a file to the download folder on this computer.',
    },
    list: {
      title: 'List downloads',
      description: 'Reads the download list and the download folder.',
    },
    pause: {
      title: 'Pause downloads',
      description: 'Pauses running or queued downloads; what was received is kept.',
    },
    resume: {
      title: 'Resume downloads',
      description: 'Resumes paused downloads from where they stopped.',
    },
    retry: {
      title: 'Retry downloads',
      description: 'Tries failed or cancelled downloads again.',
    },
    cancel: {
      title: 'Cancel downloads',
      description: 'Stops downloads and deletes what was received.',
    },
    remove: {
      title: 'Remove from download list',
      description: 'Takes finished downloads off the list; the files stay on disk.',
    },
    folder: {
      title: 'Set download folder',
      description: 'Reads or sets the folder downloads go to.',
    },
    chooseFolder: {
      title: 'Choose download folder',
      description: 'Picks the download folder in the system’s folder picker.',
    },
  },
} as const;
