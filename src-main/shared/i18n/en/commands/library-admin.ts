/** English: the titles and one-line descriptions of the libraryAdmin domain's commands (`shared/commands/library-admin.ts`), nested by command name. */
export const commandsLibraryAdmin = {
  reference: {
    countries: {
      title: 'Read countries',
      description: 'Reads the countries the platform supports.',
    },
    languages: {
      title: 'Read languages',
      description: 'Reads the languages, or only those subtitles can use.',
    },
    timezones: { title: 'Read time zones', description: 'Reads the standard time zones.' },
  },
  vodChannel: {
    list: { title: 'List VOD channels', description: 'Reads the VOD channels, newest first.' },
    get: { title: 'Read VOD channel', description: 'Reads one VOD channel’s settings.' },
    create: { title: 'Create VOD channel', description: 'Creates a new VOD channel.' },
    update: {
      title: 'Edit VOD channel',
      description: 'Changes a VOD channel’s name, description, format or subtitle language.',
    },
    delete: {
      title: 'Delete VOD channel',
      description: 'Deletes a VOD channel for good, after you confirm.',
    },
    contents: {
      title: 'List channel contents',
      description: 'Reads the contents connected to a VOD channel.',
    },
    findContents: {
      title: 'Find contents',
      description: 'Searches the library for contents to connect to a channel.',
    },
    attachContent: {
      title: 'Connect content to channel',
      description: 'Connects a content to a VOD channel.',
    },
    detachContent: {
      title: 'Remove content from channel',
      description: 'Removes a content from a VOD channel, after you confirm.',
    },
    setCallback: {
      title: 'Set playback callback',
      description: 'Sets the channel’s callback URL and pingback.',
    },
    setDownloadCallback: {
      title: 'Set download callback',
      description: 'Sets the channel’s download callback URL.',
    },
    setSecurity: {
      title: 'Set channel security',
      description: 'Sets the channel’s encryption and playback security.',
    },
    setReferer: {
      title: 'Set referer policy',
      description: 'Sets which sites may play the channel’s contents.',
    },
    attachSkin: { title: 'Use player skin', description: 'Gives the channel a player skin.' },
    detachSkin: {
      title: 'Stop using player skin',
      description: 'Takes the player skin off the channel.',
    },
  },
  playerSkin: {
    list: { title: 'List player skins', description: 'Reads the account’s player skins.' },
    delete: {
      title: 'Delete player skin',
      description: 'Deletes a player skin for good, after you confirm.',
    },
  },
  mediaProfile: {
    formats: {
      title: 'List profile formats',
      description: 'Reads the formats an encoding profile may use.',
    },
    presets: { title: 'List profile presets', description: 'Reads the encoding profile presets.' },
    groups: { title: 'List profile groups', description: 'Reads the encoding profile groups.' },
    list: {
      title: 'List encoding profiles',
      description: 'Reads the account’s encoding profiles.',
    },
    get: { title: 'Read encoding profile', description: 'Reads one encoding profile.' },
    create: { title: 'Create encoding profile', description: 'Creates a new encoding profile.' },
    update: {
      title: 'Edit encoding profile',
      description: 'Changes an encoding profile’s settings.',
    },
    attachCategory: {
      title: 'Apply profile to category',
      description: 'Makes a category’s uploads use this encoding profile.',
    },
    detachCategory: {
      title: 'Remove profile from category',
      description: 'Stops a category’s uploads from using this encoding profile.',
    },
  },
  vodTool: {
    encrypt: {
      title: 'Encrypt text',
      description: 'Encrypts a text with the service account’s key; changes nothing.',
    },
    watermark: {
      title: 'Read watermarking code',
      description: 'Reads the account’s watermarking code.',
    },
  },
  userKey: {
    create: { title: 'Create user key', description: 'Creates a user key, shown once.' },
    reissue: {
      title: 'Reissue user key',
      description: 'Replaces a user key with a new one; the old stops working.',
    },
    delete: {
      title: 'Delete user key',
      description: 'Deletes a user key for good, after you confirm.',
    },
  },
  playerEvent: {
    list: { title: 'List player events', description: 'Reads the player events (advertisements).' },
    delete: {
      title: 'Delete player event',
      description: 'Deletes a player event for good, after you confirm.',
    },
  },
} as const;
