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
    /** The control API's answers to a panel (JSON `error.message`). */
    refused: {
      token: 'This panel’s token is missing, wrong or revoked.',
      origin: 'Requests from web pages are refused.',
      pressAgain:
        '“{command}” cannot be undone: press the same button again within 2 s. Nothing was sent.',
    },
  },
} as const;
