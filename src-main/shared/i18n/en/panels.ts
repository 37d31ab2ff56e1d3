/** English: the Settings menu's "Hardware panels" section and the control API's answers to panels. */
export const panelsView = {
  panelApi: {
    title: 'Hardware panels',
    intro:
      'A control API for hardware panels such as Bitfocus Companion, on this computer only (127.0.0.1). Web pages are refused.',
    enabled: 'Control API on',
    port: 'Port',
    listening: 'Listening at {address}',
    off: 'Off: no port is open.',
    problem: 'Could not start: {reason}',
    name: 'Panel name',
    add: 'Add panel',
    tokenOnce: 'Token of “{name}”: copy it now, it is shown this once only.',
    copy: 'Copy',
    copied: 'Copied',
    hide: 'Done',
    none: 'No panels yet.',
    lastUsed: 'last used {time}',
    neverUsed: 'never used',
    revoke: 'Revoke',
    commandsOf: 'Commands “{name}” may run',
    commandsIntro:
      'A press of a command not ticked here is refused and nothing is sent. The panel posts to /api/v1/commands/ followed by the name in the right column.',
    noCommands:
      'No command is ticked: this panel can only read its buttons’ feedback. Tick what it may run.',
    allowed: 'Allowed',
    command: 'Command',
    route: 'Name in the API',
    tickedCount: '{count} of {total} commands',
    confirmNote: 'second press within 2 s',
    titles: 'Preset titles for Rename broadcast',
    titlesHint:
      'One title a line, at most {max}. A button sends "preset": 1 for the first line; the panel cannot send a title of its own.',
    save: 'Save',
    saved: 'Saved',
    edit: 'Commands…',
    /** The control API's answers to a panel (JSON `error.message`). */
    refused: {
      token: 'This panel’s token is missing, wrong or revoked.',
      origin: 'Requests from web pages are refused.',
      notPreset:
        'This panel renames a broadcast only to one of its preset titles (Settings → Hardware panels). Nothing was sent.',
      noPreset:
        'This panel has no preset title {preset}: set it in Settings → Hardware panels. Nothing was sent.',
      pressAgain:
        '“{command}” cannot be undone: press the same button again within 2 s. Nothing was sent.',
    },
  },
} as const;
