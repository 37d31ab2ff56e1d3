/** English: the title and one-line description of the workstation domain's command (`shared/commands/workstation.ts`). */
export const commandsWorkstation = {
  workstation: {
    state: {
      title: 'Read workstation state',
      description:
        'Reads whether the computer is kept awake for the show, and which stored tokens expire soon.',
    },
  },
} as const;
