/** English: the titles and one-line descriptions of the uploads domain's commands (`shared/commands/uploads.ts`), nested by command name. */
export const commandsUploads = {
  upload: {
    list: {
      title: 'List uploads',
      description: 'Reads the upload queue of this workspace.',
    },
    enqueue: {
      title: 'Add files to upload',
      description: 'Queues files or folders for upload after checking them.',
    },
    pause: {
      title: 'Pause uploads',
      description: 'Pauses the chosen uploads, or all of them.',
    },
    resume: {
      title: 'Resume uploads',
      description: 'Resumes paused uploads from where they stopped.',
    },
    retry: {
      title: 'Retry uploads',
      description: 'Tries failed or cancelled uploads again now.',
    },
    cancel: {
      title: 'Cancel uploads',
      description: 'Stops uploads and discards what was sent.',
    },
    clearFinished: {
      title: 'Clear finished uploads',
      description: 'Takes done and cancelled files off the list.',
    },
    setConcurrency: {
      title: 'Set uploads at a time',
      description: 'Sets how many files upload at once (1 to 8).',
    },
  },
} as const;
