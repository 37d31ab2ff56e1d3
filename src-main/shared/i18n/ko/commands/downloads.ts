/** Korean: the titles and one-line descriptions of the downloads domain's commands (`shared/commands/downloads.ts`), nested by command name. */
export const commandsDownloads = {
  downloads: {
    start: {
      title: '다운로드',
      description: '파일을 이 컴퓨터의 다운로드 폴더로 내려받습니다.',
    },
    list: {
      title: '다운로드 리스트 보기',
      description: '다운로드 리스트와 다운로드 폴더를 읽습니다.',
    },
    pause: {
      title: '다운로드 일시 정지',
      description: '진행 중이거나 대기 중인 다운로드를 일시 정지합니다. 받은 데이터는 남습니다.',
    },
    resume: {
      title: '다운로드 재개',
      description: '일시 정지한 다운로드를 멈춘 곳부터 재개합니다.',
    },
    retry: {
      title: '다운로드 다시 시도',
      description: '실패했거나 취소한 다운로드를 다시 시도합니다.',
    },
    cancel: {
      title: '다운로드 취소',
      description: '다운로드를 멈추고 받은 데이터를 삭제합니다.',
    },
    remove: {
      title: '다운로드 리스트에서 빼기',
      description: '끝난 다운로드를 리스트에서 뺍니다. 파일은 디스크에 남습니다.',
    },
    folder: {
      title: '다운로드 폴더 설정',
      description: '다운로드할 폴더를 읽거나 설정합니다.',
    },
    chooseFolder: {
      title: '다운로드 폴더 선택',
      description: '시스템 폴더 선택 창에서 다운로드 폴더를 고릅니다.',
    },
  },
} as const;
