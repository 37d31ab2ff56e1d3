/** 한국어: 작업 컴퓨터 자체가 운영자에게 알리는 것 (절전 방지, 만료되는 토큰, 메인 프로세스 오류). */
export const workstation = {
  workstation: {
    keepAwake: {
      badge: '절전 방지 중',
      title: '다음 동안 이 컴퓨터는 절전 모드로 들어가지 않습니다: {reasons}.',
      reason: {
        onAir: '채널 방송중',
        recording: '수동 녹화 중',
        upload: '업로드 중',
        download: '다운로드 중',
      },
    },
    tokens: {
      badge7: '{account} 토큰이 7일 안에 만료됨',
      badge1: '{account} 토큰이 하루 안에 만료됨',
      badge0: '{account} 토큰이 만료됨',
      more_one: '외 {count}개',
      more_other: '외 {count}개',
      detail:
        '{account}의 {api} 토큰이 {when} UTC에 만료됩니다. 영향받는 작업 공간: {workspaces}. 계정에서 새 토큰을 저장하세요.',
      detailExpired:
        '{account}의 {api} 토큰이 {when} UTC에 만료되었습니다. 영향받는 작업 공간: {workspaces}. 계정에서 새 토큰을 저장하세요.',
      api: { live: '라이브 API', vod: 'VOD API' },
      noWorkspace: '없음',
      osTitle7: '토큰이 7일 안에 만료됨',
      osTitle1: '토큰이 하루 안에 만료됨',
      osTitle0: '토큰 만료됨',
    },
    fault: {
      exception:
        '앱에 예기치 않은 오류({what})가 있었지만 계속 실행 중입니다. 대기 중인 업로드와 다운로드는 그대로입니다. 다시 일어나면 진단 정보를 저장하세요.',
      rejection:
        '앱의 백그라운드 작업이 실패했습니다({what}). 앱은 계속 실행 중입니다. 대기 중인 업로드와 다운로드는 그대로입니다. 다시 일어나면 진단 정보를 저장하세요.',
      childGone:
        '앱의 보조 프로세스가 멈췄습니다({what}). 앱은 계속 실행 중입니다. 대기 중인 업로드와 다운로드는 그대로입니다. 다시 일어나면 진단 정보를 저장하세요.',
    },
  },
} as const;
