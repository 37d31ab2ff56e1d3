/** Korean: the titles and one-line descriptions of the persist domain's commands (`shared/commands/persist.ts`), nested by command name. */
export const commandsPersist = {
  persist: {
    load: {
      title: '저장된 화면 불러오기',
      description: '이 작업 공간에 저장된 화면 데이터를 읽습니다.',
    },
    save: {
      title: '화면 저장',
      description: '다음 시작을 위해 화면에 보이는 데이터를 저장합니다.',
    },
  },
} as const;
