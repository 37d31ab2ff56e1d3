/** English: the titles and one-line descriptions of the settings domain's commands (`shared/commands/settings.ts`), nested by command name. */
export const commandsSettings = {
  settings: {
    language: {
      title: 'Set interface language',
      description: 'Reads or sets the language of the interface.',
    },
    operatorName: {
      title: 'Set operator name',
      description: 'Reads or sets the name the audit log records as who ran each command.',
    },
    updates: {
      title: 'Set update mode',
      description:
        'Reads or sets how the desktop app looks for updates and the update server your organisation runs.',
    },
    notifications: {
      title: 'Set notifications',
      description: 'Reads or sets which kinds of system notification are shown.',
    },
    appearance: {
      title: 'Set theme and text size',
      description: 'Reads or sets the colour theme (or following the system) and the text size.',
    },
    sounds: {
      title: 'Set sound cues',
      description: 'Reads or sets which sound cues are on and the volume of each.',
    },
    multiviewPins: {
      title: 'Pin Multiview tiles',
      description:
        'Reads or sets the Multiview tiles whose chat participants are read every few seconds.',
    },
    shortcuts: {
      title: 'Show keyboard shortcuts',
      description: 'Reads the keyboard shortcut of each command that can have one.',
    },
    changeShortcut: {
      title: 'Change keyboard shortcut',
      description: 'Gives a command a keyboard shortcut, removes it or puts the default back.',
    },
  },
} as const;
