/** English: VOD channels, player skins, media profiles, tools. */
export const libraryAdmin = {
  libraryAdmin: {
    title: 'VOD administration',
  },
} as const;
