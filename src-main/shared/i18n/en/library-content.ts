/** English: a content's transcoding files, subtitles, AI and content keys. */
export const content = {
  content: {
    title: 'Content',
    tabs: {
      overview: 'Overview',
      transcoding: 'Transcoding',
      subtitles: 'Subtitles',
      ai: 'AI',
      keys: 'Content keys',
    },
  },
} as const;
