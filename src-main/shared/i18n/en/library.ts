/** English: the Library: categories, contents and a content's settings. */
export const libraryView = {
  libraryView: {
    title: 'Library',
    sections: {
      contents: 'Contents',
      channels: 'VOD channels',
      profiles: 'Media profiles',
      tools: 'Tools',
    },
  },
} as const;
