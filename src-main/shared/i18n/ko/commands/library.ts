/** Korean: the titles and one-line descriptions of the library domain's commands (`shared/commands/library.ts`), nested by command name. */
export const commandsLibrary = {
  content: {
    list: {
      title: '콘텐츠 리스트 보기',
      description: '키워드, 카테고리, 상태별로 라이브러리 콘텐츠 한 페이지를 읽습니다.',
    },
    get: { title: '콘텐츠 보기', description: '콘텐츠 하나의 개요를 읽습니다.' },
    update: {
      title: '콘텐츠 수정',
      description: '콘텐츠의 제목, VR 프로젝션 유형 또는 사운드 모드를 바꿉니다.',
    },
    setEnabled: {
      title: '콘텐츠 활성화/비활성화',
      description: '콘텐츠 재생을 활성화하거나 비활성화합니다.',
    },
    move: { title: '콘텐츠 이동', description: '콘텐츠를 다른 카테고리로 옮깁니다.' },
    delete: {
      title: '콘텐츠 영구 삭제',
      description: '라이브러리에서 콘텐츠를 삭제합니다. 되돌릴 수 없습니다.',
    },
    attachChannel: {
      title: '채널에 콘텐츠 추가',
      description: '콘텐츠를 VOD 채널에 연결합니다.',
    },
    uploadPoster: {
      title: '포스터 업로드',
      description: 'JPEG 또는 PNG 이미지를 콘텐츠의 포스터로 업로드합니다.',
    },
  },
  category: {
    list: { title: '카테고리 리스트 보기', description: '모든 카테고리를 트리 순서로 읽습니다.' },
    get: {
      title: '카테고리 보기',
      description: '카테고리 하나와 연결된 VOD 채널을 읽습니다.',
    },
    create: { title: '카테고리 추가', description: '카테고리 또는 하위 카테고리를 만듭니다.' },
    rename: { title: '카테고리 이름 변경', description: '카테고리에 새 이름을 붙입니다.' },
    delete: {
      title: '카테고리 삭제',
      description: '카테고리를 영구 삭제합니다. 콘텐츠는 라이브러리에 남습니다.',
    },
    setChannel: {
      title: '채널 연결/연결 해제',
      description: 'VOD 채널을 카테고리에 연결하거나 연결을 해제합니다.',
    },
  },
  library: {
    channels: {
      title: 'VOD 채널 리스트 보기',
      description: '선택 목록과 끌어 놓을 대상에 쓸 VOD 계정의 채널을 읽습니다.',
    },
    planBatch: {
      title: '일괄 작업 예상',
      description: '보내기 전에 일괄 작업의 호출 수와 걸리는 시간(초)을 셉니다.',
    },
    runBatch: {
      title: '일괄 작업 실행',
      description: '선택한 콘텐츠를 하나씩 활성화, 비활성화, 이동 또는 삭제합니다.',
    },
  },
} as const;
