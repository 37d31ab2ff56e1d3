/** English: the titles and one-line descriptions of the libraryContent domain's commands (`shared/commands/library-content.ts`), nested by command name. */
export const commandsLibraryContent = {
  transcoding: {
    files: {
      title: 'Show transcoding files',
      description: "Reads the content's transcoding files with their profiles and state.",
    },
    profiles: {
      title: 'Show media profiles',
      description: 'Reads the media profiles a new transcoding job can use.',
    },
    progress: {
      title: 'Show transcoding progress',
      description: "Reads the content's transcoding progress.",
    },
    setFileEnabled: {
      title: 'Enable or disable transcoding file',
      description: 'Enables or disables one transcoding file of the content.',
    },
    deleteFile: {
      title: 'Delete transcoding file permanently',
      description: 'Deletes one transcoding file of the content; it cannot be restored.',
    },
    setProfileEnabled: {
      title: "Enable or disable a profile's files",
      description: 'Enables or disables every file of the content made with one media profile.',
    },
    deleteProfileFiles: {
      title: "Delete a profile's files permanently",
      description:
        'Deletes every file of the content made with one media profile; they cannot be restored.',
    },
    start: {
      title: 'Start transcoding',
      description: 'Starts a transcoding job of the content with a media profile.',
    },
  },
  subtitle: {
    list: {
      title: 'Show subtitles',
      description: "Reads the content's subtitles in player order, filtered by name and language.",
    },
    get: {
      title: 'Show subtitle',
      description: 'Reads one subtitle with its text.',
    },
    create: {
      title: 'Add subtitle',
      description: 'Creates a subtitle from typed SRT or WebVTT text and places it last.',
    },
    upload: {
      title: 'Upload subtitle file',
      description: 'Creates a subtitle from an SRT or WebVTT file and places it last.',
    },
    replaceFile: {
      title: 'Replace subtitle file',
      description: "Replaces a subtitle's text with a new SRT or WebVTT file.",
    },
    update: {
      title: 'Edit subtitle',
      description: "Changes a subtitle's name, language, kind, visibility or text.",
    },
    delete: {
      title: 'Delete subtitle permanently',
      description: 'Deletes a subtitle of the content; it cannot be restored.',
    },
    move: {
      title: 'Move subtitle',
      description: 'Moves a subtitle first, last, or to the place of another subtitle.',
    },
  },
  ai: {
    createSubtitle: {
      title: 'Request AI subtitle',
      description: 'Requests a subtitle made by speech recognition (one per content).',
    },
    createOutline: {
      title: 'Request AI summary',
      description:
        'Requests the AI summary, chapters and keywords, optionally with an AI subtitle.',
    },
    outline: {
      title: 'Show AI summary',
      description: 'Reads the AI summary, chapters and keywords in one language.',
    },
    createScript: {
      title: 'Request AI speed',
      description: 'Converts every transcoding file of the content to AI speed.',
    },
  },
  contentKey: {
    context: {
      title: 'Show media content keys',
      description: "Reads the content's encryption and its media content key in each channel.",
    },
    get: {
      title: 'Show media content key',
      description: 'Reads the details of one media content key.',
    },
    validate: {
      title: 'Check media content key',
      description: 'Checks whether a media content key can be assigned, and why not.',
    },
    assign: {
      title: 'Assign media content key',
      description: 'Assigns a key to the content, replacing its earlier key in that channel.',
    },
  },
} as const;
