/** Korean: the titles and one-line descriptions of the settings domain's commands (`shared/commands/settings.ts`), nested by command name. */
export const commandsSettings = {
  settings: {
    language: {
      title: '화면 언어 설정',
      description: '화면 언어를 읽거나 설정합니다.',
    },
    operatorName: {
      title: '운영자 이름 설정',
      description: '감사 기록에 명령을 실행한 사람으로 남길 이름을 읽거나 설정합니다.',
    },
    updates: {
      title: '업데이트 방식 설정',
      description:
        '데스크톱 앱이 업데이트를 확인하는 방식과 조직의 업데이트 서버를 읽거나 설정합니다.',
    },
    notifications: {
      title: '알림 설정',
      description: '어떤 종류의 시스템 알림을 보일지 읽거나 설정합니다.',
    },
    appearance: {
      title: '테마와 글자 크기 설정',
      description: '색 테마(또는 시스템 설정 사용)와 글자 크기를 읽거나 설정합니다.',
    },
    sounds: {
      title: '알림음 설정',
      description: '어떤 알림음을 켤지와 각각의 음량을 읽거나 설정합니다.',
    },
    multiviewPins: {
      title: '멀티뷰 타일 고정',
      description: '채팅 참여자를 몇 초마다 읽는 멀티뷰 타일을 읽거나 설정합니다.',
    },
    shortcuts: {
      title: '단축키 보기',
      description: '단축키를 지정할 수 있는 각 명령의 단축키를 읽습니다.',
    },
    changeShortcut: {
      title: '단축키 변경',
      description: '명령에 단축키를 지정하거나 없애거나 기본값으로 되돌립니다.',
    },
  },
} as const;
