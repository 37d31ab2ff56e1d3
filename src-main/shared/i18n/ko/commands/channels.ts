/** Korean: the titles and one-line descriptions of the channels domain's commands (`shared/commands/channels.ts`), nested by command name. */
export const commandsChannels = {
  channels: {
    list: {
      title: '채널 리스트 보기',
      description: '채널 한 페이지를 방송 중 여부와 함께 상태와 유형별로 읽습니다.',
    },
    get: {
      title: '채널 보기',
      description: '채널 하나의 설정을 읽습니다.',
    },
    access: {
      title: '권한과 계약 정보 보기',
      description: '이 토큰이 최고 관리자 토큰인지와 계약 정보를 읽습니다.',
    },
    create: {
      title: '채널 등록',
      description: '새 라이브 채널을 등록합니다.',
    },
    update: {
      title: '채널 수정',
      description: '지정한 채널 설정을 바꿉니다.',
    },
    setState: {
      title: '채널 상태 변경',
      description: '채널을 비활성화, 활성화, 휴지통 이동 또는 복원합니다.',
    },
    delete: {
      title: '채널 영구 삭제',
      description: '채널명을 입력하면 채널을 영구히 삭제합니다.',
    },
    planBatch: {
      title: '채널 일괄 작업 미리 보기',
      description: '선택한 채널의 상태 변경 계획을 세웁니다. 아무것도 보내지 않습니다.',
    },
    runBatch: {
      title: '채널 일괄 작업 실행',
      description: '미리 본 상태 변경을 채널마다 차례로 보냅니다.',
    },
  },
  profiles: {
    groups: {
      title: '프로파일 그룹 보기',
      description: '인코딩 프로파일 그룹을 읽습니다.',
    },
    overview: {
      title: '인코딩 프로파일 보기',
      description: '모든 프로파일 그룹과 프로파일, 활성 개수를 읽습니다.',
    },
    attach: {
      title: '인코딩 프로파일 활성화',
      description: '인코딩 프로파일을 연결해 채널에서 쓰게 합니다.',
    },
    detach: {
      title: '인코딩 프로파일 비활성화',
      description: '인코딩 프로파일 연결을 해제합니다.',
    },
  },
} as const;
