/** English: the titles and one-line descriptions of the studio domain's commands (`shared/commands/studio.ts`), nested by command name. */
export const commandsStudio = {
  studio: {
    status: {
      title: 'Show studio',
      description:
        'Shows whether this desk hosts a studio, its seats and pairing codes, or the hub it joined.',
    },
    startHosting: {
      title: 'Host a studio',
      description:
        'Lets other OnAir Desks join this one as seats, over TLS on the address you choose.',
    },
    stopHosting: {
      title: 'Stop hosting the studio',
      description: 'Closes every seat’s connection; seats keep their credentials for next time.',
    },
    newPairingCode: {
      title: 'New pairing code',
      description: 'Makes a code one seat can join with in the next 2 minutes.',
    },
    startBackup: {
      title: 'Start as backup hub',
      description:
        "Follows a studio hub's heartbeat and takes over its seats when it has been silent for 3 s.",
    },
    revokeSeat: {
      title: 'Revoke seat',
      description: 'Cuts a seat off at once and forgets its credential.',
    },
    join: {
      title: 'Join a studio',
      description: 'Makes this desk a seat of a hub: its views and commands become the hub’s.',
    },
    leave: {
      title: 'Leave the studio',
      description: 'Makes this desk its own again; the seat’s credential stays for next time.',
    },
  },
  presence: {
    report: {
      title: 'Say where I am',
      description:
        'Tells the studio which channel this window has in focus and which program it is editing.',
    },
    list: {
      title: 'Who is where',
      description: 'Shows the channel every seat of the studio has in focus, and their edits.',
    },
  },
} as const;
