/** English: broadcast history, recording files and the transfer list. */
export const recordings = {
  recordings: {
    title: 'Recordings',
  },
} as const;
