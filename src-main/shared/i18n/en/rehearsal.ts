/** English: the Rehearsal view (sandbox workspace only) and its encoder panel. */
export const rehearsalView = {
  rehearsalView: {
    title: 'Rehearsal',
    intro:
      'Rehearse an event on the sandbox: start and stop the simulated encoder of any channel. Nothing here reaches a real platform.',
    sandboxOnly: 'Rehearsal works in the sandbox workspace only. Switch to the sandbox to use it.',
    notLoopback:
      'The sandbox is not on this machine: rehearsal controls are sent to this machine only.',
    encoders: {
      heading: 'Encoders',
      help: 'A stopped encoder may come back within 5 minutes (platform time) and the same broadcast goes on; after that, the broadcast ends.',
      channel: 'Channel',
      state: 'Encoder',
      broadcast: 'Broadcast',
      actions: 'Action',
      live: 'Live',
      off: 'Off',
      reconnecting: 'Reconnecting: {time} left (until {until} UTC)',
      reconnectingShort: 'Reconnecting',
      start: 'Start encoder',
      stop: 'Stop encoder',
      startLabel: 'Start the encoder of {channel}',
      stopLabel: 'Stop the encoder of {channel}',
      channelDisabled: 'Channel disabled: enable it in Channels to send it a stream.',
      none: 'No channel an encoder can feed.',
      noBroadcast: '—',
      loading: 'Reading the encoders…',
      started: '{channel} is on air.',
      stopped: 'The encoder of {channel} stopped; the broadcast waits 5 minutes for it.',
      failed: 'The encoder of {channel} did not change: {reason}',
    },
  },
} as const;
