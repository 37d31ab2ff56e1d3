/** Korean: the titles and one-line descriptions of the batches' commands (`shared/commands/batches.ts`), nested by command name. */
export const commandsBatches = {
  batches: {
    progress: {
      title: '일괄 작업 진행 보기',
      description: '편성표, 채널 또는 라이브러리 일괄 작업이 얼마나 진행됐는지 읽습니다.',
    },
  },
} as const;
