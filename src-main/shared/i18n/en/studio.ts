/** English: Settings → Studio (the hub and its seats), its status bar words and its errors. */
export const studio = {
  studio: {
    open: 'Studio…',
    title: 'Studio',
    hostingOff:
      'Hosting is off. Turn it on to let other OnAir Desks join this one as seats; tokens never leave this computer.',
    address: 'Address',
    addressHint:
      'The network interface seats reach this computer on. 127.0.0.1: this computer only.',
    port: 'Port',
    portHint: '0 picks a free port.',
    start: 'Turn hosting on',
    stop: 'Turn hosting off',
    url: 'Studio address',
    fingerprint: 'Certificate fingerprint (SHA-256)',
    fingerprintHint: 'A seat checks this before it joins: compare it with the seat’s screen.',
    newCode: 'New pairing code',
    role: 'Role',
    roleOperator: 'Operator',
    roleObserver: 'Observer',
    roleBackup: 'Backup hub',
    backupHint:
      'A backup hub is a second OnAir Desk with the same accounts in its own keychain: it follows this hub and takes over when it has been silent for 3 s.',
    roleHint: 'Operators run commands; observers see everything and change nothing.',
    codeExpires: 'Good for one seat until {time}.',
    pairingLocked: 'Five wrong codes: pairing is locked until {time}.',
    seats: 'Seats',
    noSeats: 'No seat has joined yet.',
    seatName: 'Seat name',
    lastContact: 'Last contact',
    never: 'Never',
    online: 'Connected',
    offline: 'Not connected',
    revoke: 'Revoke',
    revokeConfirm: 'Revoke “{name}”? It is cut off at once and must pair again with a new code.',
    joinTitle: 'Join a studio as a seat',
    joinUrl: 'Studio address',
    joinFingerprint: 'Hub’s fingerprint (SHA-256)',
    joinCode: 'Pairing code',
    joinCodeHint: 'Leave it empty to join again with the credential this desk kept.',
    join: 'Join',
    leave: 'Leave the studio',
    backupCliHint:
      'On the backup’s workstation (same accounts, in its own keychain), start OnAir Desk as this studio’s backup hub with a code of role Backup hub:',
    joinHint:
      'Start OnAir Desk as a seat with the hub’s address, its fingerprint and a pairing code from the hub:',
    seatOf: 'This desk is a seat of {url}.',
    seatRole: 'Role at the hub: {role}',
    hubFingerprint: 'Hub’s certificate fingerprint (SHA-256)',
    backupTitle: 'Be the backup hub of a studio',
    backupFormHint:
      'This desk, with the same accounts in its own keychain, listens on the address and port above in standby and follows the hub’s heartbeat; it serves the seats once the hub has been silent for 3 s. Use a pairing code of role Backup hub.',
    backupStart: 'Start as backup hub',
    standing: {
      following: 'Backup hub of {url}: following its heartbeat.',
      followingLost: 'Backup hub of {url}: its heartbeat is not reaching this desk.',
      followingHint: 'Seats are answered 503 here until the hub has been silent for 3 s.',
      serving: 'Took over from {url} at {time}: this desk serves the seats.',
      hubStoodDown: 'The hub came back at {time} and was told to stand down.',
      down: 'Standing down: the backup at {url} has served the seats since {time}.',
      downHint:
        'This hub answers no seat and polls nothing, not even for its own window: its figures are not refreshed. To serve again, turn hosting off and on once the backup has turned its hosting off.',
    },
    state: {
      connecting: 'Connecting…',
      connected: 'Connected',
      disconnected: 'Not connected: trying again',
      revoked: 'Revoked by the hub',
    },
    bar: {
      hosting: 'Studio · seats online: {count}',
      seat: 'Seat “{name}” · {state}',
    },
    errors: {
      joinRefused: 'Not joined: {reason}',
      hostingWhileSeat: 'This desk is a seat of a studio: leave it before hosting one.',
      seatWhileHosting: 'This desk hosts a studio: turn hosting off before joining another.',
      noSuchSeat: 'There is no such seat in this studio.',
      cannotListen: 'The studio cannot listen on {address}:{port}: {detail}.',
      hubOnly: 'The studio is managed at the hub.',
      hubUnreachable: 'The studio hub does not answer ({detail}).',
      outcomeUnknown:
        'Unknown: the hub went silent while “{command}” was on its way, and it was not sent again. Re-read before deciding.',
      standby: 'This is the studio’s backup hub: it serves seats only once the hub is silent.',
      notBackupCode:
        'That pairing code is not a backup hub’s: ask the hub for a code of role Backup hub.',
      backupNoCommands: 'A backup hub follows the hub; it runs no commands here.',
      notSeatCopy:
        'A seat queues only the files it sent to the studio hub: refused, nothing was queued. Drop the files on this seat again.',
      hubDiskFull:
        'The studio hub’s disk is full: “{name}” was not queued. Free some space at the hub, then queue it again.',
      fileNotCopied:
        'The studio hub could not keep a copy of “{name}” ({detail}): it was not queued.',
      fingerprintMismatch:
        'The hub’s certificate ({got}) is not the one this seat pinned: refused, nothing was sent.',
    },
  },
} as const;
