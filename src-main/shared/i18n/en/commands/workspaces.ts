/** English: the titles and one-line descriptions of the workspaces domain's commands (`shared/commands/workspaces.ts`), nested by command name. */
export const commandsWorkspaces = {
  workspace: {
    get: {
      title: 'Read workspace',
      description: 'Reads the open workspace.',
    },
    state: {
      title: 'Read workspace state',
      description: 'Reads the open workspace, the choices and the token state.',
    },
    switch: {
      title: 'Switch workspace',
      description: 'Opens another workspace.',
    },
    pair: {
      title: 'Pair live and VOD accounts',
      description: 'Joins a live account and a VOD account into one workspace.',
    },
    unpair: {
      title: 'Unpair accounts',
      description: 'Makes each account of a pair a workspace on its own again.',
    },
  },
  budget: {
    get: {
      title: 'Read API budget',
      description: 'Reads how much of each API’s call budget is in use.',
    },
  },
  account: {
    list: {
      title: 'List accounts',
      description: 'Reads the accounts of this workstation.',
    },
    keychain: {
      title: 'Check keychain',
      description: 'Checks whether tokens can be kept in the system keychain.',
    },
    add: {
      title: 'Add account',
      description: 'Checks a token with one call, then keeps it in the system keychain.',
    },
    remove: {
      title: 'Remove account',
      description: 'Removes an account and its token from this workstation.',
    },
    updateToken: {
      title: 'Replace token',
      description: 'Checks a new token and keeps it in place of the old one.',
    },
  },
  app: {
    notices: {
      title: 'Read notices',
      description: 'Reads the notices for the operator.',
    },
  },
} as const;
