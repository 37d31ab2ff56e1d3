/** Korean: the titles and one-line descriptions of the statistics domain's commands (`shared/commands/statistics.ts`), nested by command name. */
export const commandsStatistics = {
  statistics: {
    broadcasts: {
      title: '통계용 방송 리스트 보기',
      description: '라이브 채널의 최근 방송 100개를 읽어 하나를 고를 수 있게 합니다.',
    },
    viewers: {
      title: '시청자 추이 보기',
      description: '계정, 채널 또는 방송의 UTC 하루 동안 시청자를 읽습니다.',
    },
    summary: {
      title: '주요 지표 보기',
      description: '기간, 채널 또는 방송 전체의 주요 라이브 지표를 읽습니다.',
    },
    daily: {
      title: '일별 라이브 지표 보기',
      description: '모든 방송의 주요 라이브 지표를 UTC 일별로 읽습니다.',
    },
    chat: {
      title: '채팅 사용량 보기',
      description: '시간별 또는 일별 채팅 사용량을 읽습니다.',
    },
    scheduledDaily: {
      title: '일별 편성 송출 보기',
      description: '편성 라이브 송출을 UTC 일별로 읽습니다.',
    },
    vodChannels: {
      title: '통계용 VOD 채널 보기',
      description: '채널별 콘텐츠 순위를 보기 위해 VOD 채널 처음 100개를 읽습니다.',
    },
    contentRank: {
      title: '많이 본 콘텐츠 보기',
      description: '계정 또는 VOD 채널 하나에서 가장 많이 본 콘텐츠를 읽습니다.',
    },
    vodChannelTotals: {
      title: 'VOD 채널별 합계 보기',
      description: '기간 동안의 VOD 채널별 합계를 읽습니다.',
    },
    vodDaily: {
      title: '일별 VOD 지표 보기',
      description: '모든 VOD 콘텐츠의 지표를 UTC 일별로 읽습니다.',
    },
  },
} as const;
