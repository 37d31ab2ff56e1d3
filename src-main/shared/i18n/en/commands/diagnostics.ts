/** English: the title and one-line description of the diagnostics domain's command (`shared/commands/diagnostics.ts`), nested by command name. */
export const commandsDiagnostics = {
  diagnostics: {
    save: {
      title: 'Save diagnostics',
      description:
        'Writes one zip archive for support: logs, settings without secrets, versions, the API budget, the last refusals and audit records.',
    },
  },
} as const;
