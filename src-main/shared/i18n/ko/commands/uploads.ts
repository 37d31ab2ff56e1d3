/** Korean: the titles and one-line descriptions of the uploads domain's commands (`shared/commands/uploads.ts`), nested by command name. */
export const commandsUploads = {
  upload: {
    list: {
      title: '업로드 리스트 보기',
      description: '이 작업 공간의 업로드 대기열을 읽습니다.',
    },
    enqueue: {
      title: '업로드할 파일 추가',
      description: '파일이나 폴더를 확인한 뒤 업로드 대기열에 넣습니다.',
    },
    pause: {
      title: '업로드 일시 정지',
      description: '선택한 업로드 또는 모든 업로드를 일시 정지합니다.',
    },
    resume: {
      title: '업로드 재개',
      description: '일시 정지한 업로드를 멈춘 곳부터 재개합니다.',
    },
    retry: {
      title: '업로드 다시 시도',
      description: '실패했거나 취소한 업로드를 지금 다시 시도합니다.',
    },
    cancel: {
      title: '업로드 취소',
      description: '업로드를 멈추고 보낸 데이터를 버립니다.',
    },
    clearFinished: {
      title: '끝난 업로드 지우기',
      description: '완료되었거나 취소한 파일을 리스트에서 뺍니다.',
    },
    setConcurrency: {
      title: '동시 업로드 수 설정',
      description: '한 번에 업로드할 파일 수(1–8)를 정합니다.',
    },
  },
} as const;
