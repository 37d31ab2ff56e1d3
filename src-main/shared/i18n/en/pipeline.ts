/** English: the command pipeline's refusals (before any platform call) and its audit words. */
export const pipeline = {
  pipeline: {
    superAdminOnly:
      '“{command}” needs the super administrator’s role; this workspace’s token is an administrator’s. Nothing was sent.',
    notOnAir: 'The broadcast is not on air: nothing was sent.',
    alreadyRecording: 'Manual recording is already running on this broadcast: nothing was sent.',
    notRecording: 'No manual recording is running on this broadcast: nothing was sent.',
    sandboxOnly: '“{command}” works in the sandbox workspace only.',
    confirmAgain: '“{command}” cannot be undone: confirm it first. Nothing was sent.',
    confirmTyped:
      '“{command}” cannot be undone: type the name it asks for to confirm. Nothing was sent.',
  },
} as const;
