/** English: the titles and one-line descriptions of the rehearsal domain's commands (`shared/commands/rehearsal.ts`), nested by command name. */
export const commandsRehearsal = {
  rehearsal: {
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
