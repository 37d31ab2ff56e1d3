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
    joinHint:
      'Start OnAir Desk as a seat with the hub’s address, its fingerprint and a pairing code from the hub:',
    seatOf: 'This desk is a seat of {url}.',
    seatRole: 'Role at the hub: {role}',
    hubFingerprint: 'Hub’s certificate fingerprint (SHA-256)',
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
      noSuchSeat: 'There is no such seat in this studio.',
      cannotListen: 'The studio cannot listen on {address}:{port}: {detail}.',
      hubOnly: 'The studio is managed at the hub.',
      hubUnreachable: 'The studio hub does not answer ({detail}).',
      fingerprintMismatch:
        'The hub’s certificate ({got}) is not the one this seat pinned: refused, nothing was sent.',
    },
  },
} as const;
