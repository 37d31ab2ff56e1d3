/** English: the titles and descriptions of the rehearsal domain's commands (`shared/commands/rehearsal.ts`). */
export const commandsRehearsal = {
  rehearsal: {
    encoders: {
      title: 'List the sandbox encoders',
      description:
        'Shows every channel an encoder can feed in the sandbox, with its encoder live, off or reconnecting.',
    },
    setEncoder: {
      title: 'Start or stop a sandbox encoder',
      description:
        'Puts a sandbox channel on air with a new broadcast, or stops its stream (the broadcast ends 5 minutes later unless the encoder comes back).',
    },
    deliveries: {
      title: 'Show callback deliveries',
      description:
        'Lists the callbacks the sandbox delivered or refused: time (UTC), kind, URL, status and payload.',
    },
    resendDelivery: {
      title: 'Resend callback',
      description: 'Delivers one callback of the sandbox again now.',
    },
    deliverOutside: {
      title: 'Deliver callbacks outside this machine',
      description:
        'Lets the sandbox deliver callbacks to addresses outside this computer. Off: this machine only.',
    },
  },
} as const;
