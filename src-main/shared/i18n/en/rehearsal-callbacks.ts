/** English: the Rehearsal view's callback delivery log, its setting and its refusals. */
export const rehearsalCallbacks = {
  rehearsalCallbacks: {
    heading: 'Callback deliveries',
    intro:
      'Every callback the sandbox sends to the URLs set in the channels, newest first. It delivers to this machine only; other addresses are refused unless Settings allows delivery outside this machine.',
    outsideOn: 'Delivery outside this machine is on.',
    refresh: 'Refresh',
    empty: 'No callback yet. Set a callback URL in a channel, then cause the event.',
    loadFailed: 'The delivery log could not be read: {reason}',
    columns: {
      time: 'Time (UTC)',
      kind: 'Kind',
      url: 'URL',
      status: 'Status',
      attempts: 'Attempts',
      payload: 'Payload',
      actions: 'Actions',
    },
    resend: 'Resend',
    resending: 'Resending…',
    resendFailed: 'Not resent: {reason}',
    showPayload: 'Show payload',
    http: 'HTTP {status}',
    kinds: {
      'live.broadcast': 'Live: broadcast state',
      'live.recording_file': 'Live: recording file transfer',
      'live.playback': 'Live: playback',
      'vod.content': 'VOD: content added or deleted',
      'vod.playback': 'VOD: playback requested',
      'vod.download': 'VOD: download attempt',
      'vod.ai_script': 'VOD: AI script completed',
    },
    statuses: {
      pending: 'Pending',
      delivered: 'Delivered',
      given_up: 'Given up',
      refused: 'Refused',
    },
    outcomes: {
      delivered: 'Delivered',
      failed: 'Failed',
      refused: 'Refused',
    },
    settingLabel: 'Deliver sandbox callbacks outside this machine',
    settingHint:
      'Off: the sandbox sends its demo callbacks to this computer only (127.0.0.0/8, ::1), so they never reach a production webhook.',
    errors: {
      deliveryGone: 'The delivery {id} is no longer in the sandbox log (it keeps the last 500).',
      sandboxUnreachable: 'The sandbox platform did not answer: {reason}',
    },
  },
} as const;
