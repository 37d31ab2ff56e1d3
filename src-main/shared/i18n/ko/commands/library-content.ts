/** Korean: the titles and one-line descriptions of the libraryContent domain's commands (`shared/commands/library-content.ts`), nested by command name. */
export const commandsLibraryContent = {
  transcoding: {
    files: {
      title: '트랜스코딩 파일 보기',
      description: '콘텐츠의 트랜스코딩 파일을 프로파일과 상태와 함께 읽습니다.',
    },
    profiles: {
      title: '인코딩 프로파일 보기',
      description: '새 트랜스코딩 작업에 쓸 수 있는 인코딩 프로파일을 읽습니다.',
    },
    progress: {
      title: '트랜스코딩 진행률 보기',
      description: '콘텐츠의 트랜스코딩 진행률을 읽습니다.',
    },
    setFileEnabled: {
      title: '트랜스코딩 파일 활성화/비활성화',
      description: '콘텐츠의 트랜스코딩 파일 하나를 활성화하거나 비활성화합니다.',
    },
    deleteFile: {
      title: '트랜스코딩 파일 영구 삭제',
      description: '콘텐츠의 트랜스코딩 파일 하나를 삭제합니다. 복원할 수 없습니다.',
    },
    setProfileEnabled: {
      title: '프로파일 파일 활성화/비활성화',
      description: '한 인코딩 프로파일로 만든 콘텐츠의 파일을 모두 활성화하거나 비활성화합니다.',
    },
    deleteProfileFiles: {
      title: '프로파일 파일 영구 삭제',
      description: '한 인코딩 프로파일로 만든 콘텐츠의 파일을 모두 삭제합니다. 복원할 수 없습니다.',
    },
    start: {
      title: '트랜스코딩 시작',
      description: '인코딩 프로파일로 콘텐츠의 트랜스코딩 작업을 시작합니다.',
    },
  },
  subtitle: {
    list: {
      title: '자막 보기',
      description: '콘텐츠의 자막을 플레이어 순서대로, 이름과 언어로 걸러 읽습니다.',
    },
    get: {
      title: '자막 내용 보기',
      description: '자막 하나를 내용과 함께 읽습니다.',
    },
    create: {
      title: '자막 추가',
      description: '입력한 SRT 또는 WebVTT 텍스트로 자막을 만들어 맨 뒤에 둡니다.',
    },
    upload: {
      title: '자막 파일 업로드',
      description: 'SRT 또는 WebVTT 파일로 자막을 만들어 맨 뒤에 둡니다.',
    },
    replaceFile: {
      title: '자막 파일 교체',
      description: '자막 내용을 새 SRT 또는 WebVTT 파일로 바꿉니다.',
    },
    update: {
      title: '자막 수정',
      description: '자막의 이름, 언어, 종류, 공개 여부 또는 내용을 바꿉니다.',
    },
    delete: {
      title: '자막 영구 삭제',
      description: '콘텐츠의 자막을 삭제합니다. 복원할 수 없습니다.',
    },
    move: {
      title: '자막 순서 변경',
      description: '자막을 맨 앞이나 맨 뒤, 또는 다른 자막의 자리로 옮깁니다.',
    },
  },
  ai: {
    createSubtitle: {
      title: 'AI 자막 요청',
      description: '음성 인식으로 만드는 자막을 요청합니다(콘텐츠당 하나).',
    },
    createOutline: {
      title: 'AI 요약 요청',
      description: 'AI 요약, 챕터, 키워드를 요청하며, AI 자막도 함께 요청할 수 있습니다.',
    },
    outline: {
      title: 'AI 요약 보기',
      description: '한 언어의 AI 요약, 챕터, 키워드를 읽습니다.',
    },
    createScript: {
      title: 'AI 배속 요청',
      description: '콘텐츠의 모든 트랜스코딩 파일을 AI 배속으로 변환합니다.',
    },
  },
  contentKey: {
    context: {
      title: '미디어 콘텐츠 키 보기',
      description: '콘텐츠의 암호화 여부와 채널별 미디어 콘텐츠 키를 읽습니다.',
    },
    get: {
      title: '미디어 콘텐츠 키 상세 보기',
      description: '미디어 콘텐츠 키 하나의 상세 정보를 읽습니다.',
    },
    validate: {
      title: '미디어 콘텐츠 키 확인',
      description: '미디어 콘텐츠 키를 지정할 수 있는지와 그 이유를 확인합니다.',
    },
    assign: {
      title: '미디어 콘텐츠 키 지정',
      description: '콘텐츠에 키를 지정하며, 그 채널의 이전 키를 대체합니다.',
    },
  },
} as const;
