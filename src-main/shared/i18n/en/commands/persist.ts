/** English: the titles and one-line descriptions of the persist domain's commands (`shared/commands/persist.ts`), nested by command name. */
export const commandsPersist = {
  persist: {
    load: {
      title: 'Load saved views',
      description: 'Reads what the views saved for this workspace.',
    },
    save: {
      title: 'Save views',
      description: 'Saves what the views show, for the next start.',
    },
  },
} as const;
