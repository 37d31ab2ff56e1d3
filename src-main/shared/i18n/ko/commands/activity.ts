/** 한국어: activity 도메인 명령의 이름과 한 줄 설명 (`shared/commands/activity.ts`). */
export const commandsActivity = {
  activity: {
    query: {
      title: '활동 읽기',
      description:
        '이 작업 공간의 명령과 이벤트 기록을 최신순으로, 좌석·운영자·채널·종류·시간별로 보여 줍니다.',
    },
    exportCsv: {
      title: '활동을 CSV로 내보내기',
      description: '필터한 활동을 스프레드시트용 CSV 파일로 저장합니다 (UTF-8, 시각은 UTC).',
    },
    exportReport: {
      title: '행사일 보고서 내보내기',
      description:
        '하루(UTC)를 HTML 파일 하나로 저장합니다: 방송중 구간, 명령, 거부, 429, 갱신 안 된 조회와 업로드의 타임라인, 그리고 모든 기록.',
    },
  },
} as const;
