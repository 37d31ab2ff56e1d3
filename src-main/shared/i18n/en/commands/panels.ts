/** English: the titles and one-line descriptions of the panels domain's commands (`shared/commands/panels.ts`), nested by command name. */
export const commandsPanels = {
  panels: {
    list: {
      title: 'List hardware panels',
      description:
        'Shows whether the control API for hardware panels is on, its port and the panels.',
    },
    add: {
      title: 'Add hardware panel',
      description: 'Adds a panel by name and shows its token once.',
    },
    revoke: {
      title: 'Revoke hardware panel',
      description: 'Revokes a panel’s token: the panel is refused from its next press.',
    },
    setCommands: {
      title: 'Choose a panel’s commands',
      description:
        'Ticks the commands a hardware panel may run and sets its preset titles for renaming a broadcast.',
    },
    setEnabled: {
      title: 'Turn control API on or off',
      description:
        'Turns the local control API for hardware panels on or off, on this computer only.',
    },
  },
} as const;
