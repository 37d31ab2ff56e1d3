/**
 * English: what the workstation itself tells the operator (docs/admin/workstation.md): the
 * keep-awake, tokens that expire, and faults of the app's main process.
 */
export const workstation = {
  workstation: {
    keepAwake: {
      badge: 'Staying awake',
      title: 'This computer will not sleep while: {reasons}.',
      reason: {
        onAir: 'a channel is on air',
        recording: 'a manual recording runs',
        upload: 'uploads run',
        download: 'downloads run',
      },
    },
    tokens: {
      badge7: 'Token of {account} expires within 7 days',
      badge1: 'Token of {account} expires within a day',
      badge0: 'Token of {account} has expired',
      more_one: '+{count} more',
      more_other: '+{count} more',
      detail:
        'The {api} token of {account} expires {when} UTC. Workspaces it breaks: {workspaces}. Store a new token in Accounts.',
      detailExpired:
        'The {api} token of {account} expired {when} UTC. Workspaces it breaks: {workspaces}. Store a new token in Accounts.',
      api: { live: 'live API', vod: 'VOD API' },
      noWorkspace: 'none',
      osTitle7: 'Token expires within 7 days',
      osTitle1: 'Token expires within a day',
      osTitle0: 'Token expired',
    },
    fault: {
      exception:
        'The app hit an unexpected fault ({what}) and keeps running. Queued uploads and downloads are kept. Save diagnostics if it happens again.',
      rejection:
        'A background task of the app failed ({what}); the app keeps running. Queued uploads and downloads are kept. Save diagnostics if it happens again.',
      childGone:
        'A helper process of the app stopped ({what}); the app keeps running. Queued uploads and downloads are kept. Save diagnostics if it happens again.',
    },
  },
} as const;
