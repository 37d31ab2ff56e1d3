/** Korean: the titles and one-line descriptions of the recordings domain's commands (`shared/commands/recordings.ts`), nested by command name. */
export const commandsRecordings = {
  recording: {
    channels: {
      title: '필터용 채널 보기',
      description: '필터에 표시할 라이브 채널과 편성 라이브 채널을 읽습니다.',
    },
    list: {
      title: '녹화 파일 리스트 보기',
      description: '방송, 채널 또는 계정별 녹화 파일을 읽습니다.',
    },
  },
  broadcast: {
    history: {
      title: '지난 방송 리스트 보기',
      description: '계정 또는 채널 하나의 방송을 읽습니다.',
    },
    detail: {
      title: '지난 방송 보기',
      description: '방송 하나를 읽습니다.',
    },
    summary: {
      title: '방송 요약 보기',
      description: '끝난 방송 하나의 주요 지표를 읽습니다.',
    },
  },
} as const;
