/** Korean: the titles and one-line descriptions of the workspaces domain's commands (`shared/commands/workspaces.ts`), nested by command name. */
export const commandsWorkspaces = {
  workspace: {
    get: {
      title: '작업 공간 보기',
      description: '열려 있는 작업 공간을 읽습니다.',
    },
    state: {
      title: '작업 공간 상태 보기',
      description: '열려 있는 작업 공간, 선택지와 토큰 상태를 읽습니다.',
    },
    switch: {
      title: '작업 공간 전환',
      description: '다른 작업 공간을 엽니다.',
    },
    pair: {
      title: '라이브와 VOD 계정 연결',
      description: '라이브 계정과 VOD 계정을 하나의 작업 공간으로 묶습니다.',
    },
    unpair: {
      title: '계정 연결 해제',
      description: '묶인 두 계정을 각각의 작업 공간으로 되돌립니다.',
    },
  },
  budget: {
    get: {
      title: 'API 예산 보기',
      description: '각 API 호출 예산의 사용량을 읽습니다.',
    },
  },
  account: {
    list: {
      title: '계정 리스트 보기',
      description: '이 워크스테이션의 계정을 읽습니다.',
    },
    keychain: {
      title: '키체인 확인',
      description: '토큰을 시스템 키체인에 보관할 수 있는지 확인합니다.',
    },
    add: {
      title: '계정 추가',
      description: '토큰을 호출 한 번으로 확인한 뒤 시스템 키체인에 보관합니다.',
    },
    remove: {
      title: '계정 삭제',
      description: '이 워크스테이션에서 계정과 그 토큰을 삭제합니다.',
    },
    updateToken: {
      title: '토큰 교체',
      description: '새 토큰을 확인하고 이전 토큰 대신 보관합니다.',
    },
  },
  app: {
    notices: {
      title: '알림 보기',
      description: '운영자에게 보내는 알림을 읽습니다.',
    },
  },
} as const;
