/** Korean: the titles and one-line descriptions of the panels domain's commands (`shared/commands/panels.ts`), nested by command name. */
export const commandsPanels = {
  panels: {
    list: {
      title: '하드웨어 패널 목록',
      description: '하드웨어 패널용 제어 API의 사용 여부, 포트, 패널 목록을 보여 줍니다.',
    },
    add: {
      title: '하드웨어 패널 추가',
      description: '이름으로 패널을 추가하고 토큰을 한 번만 보여 줍니다.',
    },
    revoke: {
      title: '하드웨어 패널 해지',
      description: '패널의 토큰을 해지합니다. 다음 누름부터 거부됩니다.',
    },
    setCommands: {
      title: '패널 명령 선택',
      description:
        '하드웨어 패널이 실행할 수 있는 명령을 고르고, 방송 제목 변경에 쓸 미리 정한 제목을 설정합니다.',
    },
    setEnabled: {
      title: '제어 API 켜기/끄기',
      description: '하드웨어 패널용 로컬 제어 API를 이 컴퓨터에서만 켜거나 끕니다.',
    },
  },
} as const;
