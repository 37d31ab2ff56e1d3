/** Korean: the titles and one-line descriptions of the schedule domain's commands (`shared/commands/schedule.ts`), nested by command name. */
export const commandsSchedule = {
  schedule: {
    programs: {
      title: '채널 편성표 보기',
      description: '한 채널의 기간 내 프로그램을 읽습니다.',
    },
    media: {
      title: '영상 목록 보기',
      description: '프로그램에서 재생할 수 있는 영상 목록을 읽습니다.',
    },
    agenda: {
      title: '전체 편성표 보기',
      description: '모든 편성 라이브 채널의 기간 내 프로그램을 읽습니다.',
    },
    deleteMedia: {
      title: '영상 영구 삭제',
      description: '업로드한 영상을 영구히 삭제합니다.',
    },
    waitingScreens: {
      title: '대기 화면 보기',
      description: '채널에 보여 줄 수 있는 대기 화면을 읽습니다.',
    },
    apply: {
      title: '편성 수정',
      description: '프로그램 하나를 등록, 변경 또는 삭제합니다. 타임라인에서 되돌릴 수 있습니다.',
    },
    planCopyDay: {
      title: '하루 복사 미리 보기',
      description:
        '하루의 프로그램을 다른 날(UTC)로 복사하는 계획을 세웁니다. 아무것도 보내지 않습니다.',
    },
    planFill: {
      title: '기간 채우기 미리 보기',
      description: '기간을 영상으로 빈틈없이 채우는 계획을 세웁니다. 아무것도 보내지 않습니다.',
    },
    runBatch: {
      title: '편성 일괄 작업 실행',
      description: '미리 본 일괄 작업의 프로그램 변경을 하나씩 보냅니다.',
    },
  },
} as const;
