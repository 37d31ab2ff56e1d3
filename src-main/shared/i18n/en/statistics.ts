/** English: the Statistics view (live and VOD). */
export const statistics = {
  statistics: {
    title: 'Statistics',
  },
} as const;
