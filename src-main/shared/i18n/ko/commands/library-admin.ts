/** Korean: the titles and one-line descriptions of the libraryAdmin domain's commands (`shared/commands/library-admin.ts`), nested by command name. */
export const commandsLibraryAdmin = {
  reference: {
    countries: { title: '국가 목록 읽기', description: '플랫폼이 지원하는 국가를 읽습니다.' },
    languages: {
      title: '언어 목록 읽기',
      description: '언어 목록을 읽거나, 자막에 쓸 수 있는 언어만 읽습니다.',
    },
    timezones: { title: '시간대 목록 읽기', description: '표준 시간대를 읽습니다.' },
  },
  vodChannel: {
    list: { title: 'VOD 채널 목록', description: 'VOD 채널을 최신순으로 읽습니다.' },
    get: { title: 'VOD 채널 읽기', description: 'VOD 채널 하나의 설정을 읽습니다.' },
    create: { title: 'VOD 채널 만들기', description: '새 VOD 채널을 만듭니다.' },
    update: {
      title: 'VOD 채널 편집',
      description: 'VOD 채널의 이름, 설명, 스트리밍 형식 또는 자막 언어를 바꿉니다.',
    },
    delete: { title: 'VOD 채널 삭제', description: '확인한 뒤 VOD 채널을 영구히 삭제합니다.' },
    contents: { title: '채널 콘텐츠 목록', description: 'VOD 채널에 연결된 콘텐츠를 읽습니다.' },
    findContents: {
      title: '콘텐츠 찾기',
      description: '채널에 연결할 콘텐츠를 라이브러리에서 찾습니다.',
    },
    attachContent: { title: '채널에 콘텐츠 연결', description: '콘텐츠를 VOD 채널에 연결합니다.' },
    detachContent: {
      title: '채널에서 콘텐츠 제거',
      description: '확인한 뒤 VOD 채널에서 콘텐츠를 제거합니다.',
    },
    setCallback: { title: '재생 콜백 설정', description: '채널의 콜백 URL과 핑백을 설정합니다.' },
    setDownloadCallback: {
      title: '다운로드 콜백 설정',
      description: '채널의 다운로드 콜백 URL을 설정합니다.',
    },
    setSecurity: {
      title: '채널 보안 설정',
      description: '채널의 암호화와 재생 보안을 설정합니다.',
    },
    setReferer: {
      title: '리퍼러 설정',
      description: '채널 콘텐츠를 재생할 수 있는 사이트를 설정합니다.',
    },
    attachSkin: { title: '플레이어 스킨 적용', description: '채널에 플레이어 스킨을 적용합니다.' },
    detachSkin: {
      title: '플레이어 스킨 해제',
      description: '채널에서 플레이어 스킨을 해제합니다.',
    },
  },
  playerSkin: {
    list: { title: '플레이어 스킨 목록', description: '계정의 플레이어 스킨을 읽습니다.' },
    delete: {
      title: '플레이어 스킨 삭제',
      description: '확인한 뒤 플레이어 스킨을 영구히 삭제합니다.',
    },
  },
  mediaProfile: {
    formats: {
      title: '프로파일 형식 목록',
      description: '인코딩 프로파일에 쓸 수 있는 형식을 읽습니다.',
    },
    presets: { title: '프로파일 프리셋 목록', description: '인코딩 프로파일 프리셋을 읽습니다.' },
    groups: { title: '프로파일 그룹 목록', description: '인코딩 프로파일 그룹을 읽습니다.' },
    list: { title: '인코딩 프로파일 목록', description: '계정의 인코딩 프로파일을 읽습니다.' },
    get: { title: '인코딩 프로파일 읽기', description: '인코딩 프로파일 하나를 읽습니다.' },
    create: { title: '인코딩 프로파일 만들기', description: '새 인코딩 프로파일을 만듭니다.' },
    update: { title: '인코딩 프로파일 편집', description: '인코딩 프로파일의 설정을 바꿉니다.' },
    attachCategory: {
      title: '카테고리에 프로파일 적용',
      description: '카테고리의 업로드에 이 인코딩 프로파일을 적용합니다.',
    },
    detachCategory: {
      title: '카테고리에서 프로파일 해제',
      description: '카테고리의 업로드에 이 인코딩 프로파일을 더 쓰지 않습니다.',
    },
  },
  vodTool: {
    encrypt: {
      title: '텍스트 암호화',
      description: '서비스 계정 키로 텍스트를 암호화합니다. 아무것도 바꾸지 않습니다.',
    },
    watermark: { title: '워터마킹 코드 읽기', description: '계정의 워터마킹 코드를 읽습니다.' },
  },
  userKey: {
    create: {
      title: '사용자 키 만들기',
      description: '사용자 키를 만듭니다. 한 번만 보여 줍니다.',
    },
    reissue: {
      title: '사용자 키 재발급',
      description: '사용자 키를 새 키로 바꿉니다. 이전 키는 더 이상 쓸 수 없습니다.',
    },
    delete: { title: '사용자 키 삭제', description: '확인한 뒤 사용자 키를 영구히 삭제합니다.' },
  },
  playerEvent: {
    list: { title: '플레이어 이벤트 목록', description: '플레이어 이벤트(광고)를 읽습니다.' },
    delete: {
      title: '플레이어 이벤트 삭제',
      description: '확인한 뒤 플레이어 이벤트를 영구히 삭제합니다.',
    },
  },
} as const;
