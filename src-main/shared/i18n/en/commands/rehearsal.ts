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
    scenarios: {
      title: 'List the sandbox scenarios',
      description:
        'Shows the example rehearsal scenarios of the sandbox and the one playing, with its progress.',
    },
    playScenario: {
      title: 'Play a sandbox scenario',
      description:
        'Plays a rehearsal scenario on the sandbox clock at 1 to 60 times real time: channels go on and off air, audiences and faults follow.',
    },
    controlScenario: {
      title: 'Pause, resume or stop the sandbox scenario',
      description:
        'Pauses the sandbox scenario (the platform time stands still), resumes it, or stops it.',
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
