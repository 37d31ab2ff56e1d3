/** English: the titles and one-line descriptions of the library domain's commands (`shared/commands/library.ts`), nested by command name. */
export const commandsLibrary = {
  content: {
    list: {
      title: 'List contents',
      description: 'Reads one page of the library’s contents, by keyword, category and status.',
    },
    get: { title: 'Read content', description: 'Reads one content’s overview.' },
    update: {
      title: 'Edit content',
      description: 'Changes a content’s title, VR projection type or sound mode.',
    },
    setEnabled: {
      title: 'Enable or disable content',
      description: 'Enables or disables playback of a content.',
    },
    move: { title: 'Move content', description: 'Moves a content to another category.' },
    delete: {
      title: 'Delete content permanently',
      description: 'Deletes a content from the library; it cannot be restored.',
    },
    attachChannel: {
      title: 'Add content to channel',
      description: 'Links a content to a VOD channel.',
    },
    uploadPoster: {
      title: 'Upload poster',
      description: 'Uploads a JPEG or PNG image as the content’s poster.',
    },
  },
  category: {
    list: { title: 'List categories', description: 'Reads every category in tree order.' },
    get: {
      title: 'Read category',
      description: 'Reads one category with its connected VOD channels.',
    },
    create: { title: 'Create category', description: 'Creates a category or a subcategory.' },
    rename: { title: 'Rename category', description: 'Gives a category a new name.' },
    delete: {
      title: 'Delete category',
      description: 'Deletes a category permanently; its contents stay in the library.',
    },
    setChannel: {
      title: 'Connect or disconnect channel',
      description: 'Connects a VOD channel to a category or disconnects it.',
    },
  },
  library: {
    channels: {
      title: 'List VOD channels',
      description: 'Reads the VOD account’s channels for pickers and drop targets.',
    },
    planBatch: {
      title: 'Estimate batch',
      description: 'Counts the calls and seconds a batch will take before anything is sent.',
    },
    runBatch: {
      title: 'Run batch',
      description: 'Enables, disables, moves or deletes the selected contents one by one.',
    },
  },
} as const;
