/** English: the command pipeline's refusals (before any platform call) and its audit words. */
export const pipeline = {
  pipeline: {
    /** Why a view offers a command disabled: the same guards, said before anything is tried. */
    offer: {
      superAdminOnly:
        'Needs the super administrator’s role; this workspace’s token is an administrator’s.',
      notOnAir: 'Available while the broadcast is on air.',
      alreadyRecording: 'Manual recording is already running.',
      notRecording: 'No manual recording is running.',
      sandboxOnly: 'Works in the sandbox workspace only.',
      noLiveApi: 'This workspace has no live account: pair one with it in Accounts.',
      noVodApi: 'This workspace has no VOD account: pair one with it in Accounts.',
      observerSeat: 'This seat is an observer: it sees everything and changes nothing.',
      seatHubOnly:
        'The hub’s own (accounts, workspaces, the studio, where the sandbox’s callbacks go): run it at the hub.',
      observerReveal: 'It shows a secret, and this seat is an observer.',
      backupNoCommands: 'A backup hub runs no command: it only follows the hub.',
    },
    superAdminOnly:
      '“{command}” needs the super administrator’s role; this workspace’s token is an administrator’s. Nothing was sent.',
    notOnAir: 'The broadcast is not on air: nothing was sent.',
    alreadyRecording: 'Manual recording is already running on this broadcast: nothing was sent.',
    notRecording: 'No manual recording is running on this broadcast: nothing was sent.',
    sandboxOnly: '“{command}” works in the sandbox workspace only.',
    observerSeat:
      '“{command}” changes the platform, and this seat is an observer: it sees everything and changes nothing. Nothing was sent.',
    notForPanels: '“{command}” is not offered to hardware panels. Nothing was sent.',
    /** The ways-in table (shared/commands/ways-in.ts): who may run what, said before anything runs. */
    panelNotTicked:
      'This panel may not run “{command}”: tick it for this panel in Settings → Hardware panels. Nothing was sent.',
    seatHubOnly:
      '“{command}” is the hub’s own (accounts, workspaces, the studio, where the sandbox’s callbacks go): run it at the hub. Nothing was changed.',
    seatWorkstation:
      '“{command}” is each desk’s own setting: a seat keeps it on the seat, never at the hub. Nothing was changed.',
    observerReveal:
      '“{command}” shows a secret, and this seat is an observer: it is not shown. Nothing was sent.',
    backupNoCommands: 'The backup hub runs no command: it only follows the hub. Nothing was sent.',
    confirmAgain: '“{command}” cannot be undone: confirm it first. Nothing was sent.',
    confirmTyped:
      '“{command}” cannot be undone: type the name it asks for to confirm. Nothing was sent.',
    /** Another operator just did the opposite (services/core/crossing.ts); nothing was sent. */
    crossed: {
      startRecording: 'Recording was started {seconds} s ago by {who} ({via}). Stop it?',
      stopRecording: 'Recording was stopped {seconds} s ago by {who} ({via}). Start it again?',
      setCuePoint: 'The cue point was set {seconds} s ago by {who} ({via}). Move it?',
      program: '“{title}” was changed since you read it: {what}. Overwrite it?',
      programDelete: '“{title}” was changed since you read it: {what}. Delete it anyway?',
      programBy: '“{title}” was changed since you read it by {who} ({via}): {what}. Overwrite it?',
      programDeleteBy:
        '“{title}” was changed since you read it by {who} ({via}): {what}. Delete it anyway?',
      changed: {
        title: 'its title',
        startAt: 'its start time',
        media: 'its media',
        waitingScreen: 'its waiting screen',
        movedAway: 'it was moved more than a day away, or deleted',
      },
      title: 'Another operator was first',
      override: 'Yes, override',
    },
    /** How a command came in, as the crossing refusal names it. */
    wayIn: {
      button: 'a button',
      key: 'a shortcut key',
      palette: 'the command palette',
      panel: 'a hardware panel',
      seat: 'a studio seat',
      app: 'the app',
    },
  },
} as const;
