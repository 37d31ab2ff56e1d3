/** Korean: the Settings menu's "Hardware panels" section and the control API's answers to panels. */
export const panelsView = {
  panelApi: {
    title: '하드웨어 패널',
    intro:
      'Bitfocus Companion 같은 하드웨어 패널용 제어 API입니다. 이 컴퓨터(127.0.0.1)에서만 동작하며 웹 페이지의 요청은 거부합니다.',
    enabled: '제어 API 켜기',
    port: '포트',
    listening: '{address}에서 대기 중',
    off: '꺼짐: 열린 포트가 없습니다.',
    problem: '시작하지 못했습니다: {reason}',
    name: '패널 이름',
    add: '패널 추가',
    tokenOnce: '“{name}”의 토큰: 지금 복사하세요. 이번 한 번만 보여 줍니다.',
    copy: '복사',
    copied: '복사됨',
    hide: '완료',
    none: '아직 패널이 없습니다.',
    lastUsed: '마지막 사용 {time}',
    neverUsed: '사용 기록 없음',
    revoke: '해지',
    commandsOf: '“{name}”이(가) 실행할 수 있는 명령',
    commandsIntro:
      '여기서 체크하지 않은 명령을 누르면 거부되고 아무것도 보내지 않습니다. 패널은 /api/v1/commands/ 뒤에 오른쪽 열의 이름을 붙여 요청합니다.',
    noCommands:
      '체크한 명령이 없습니다. 이 패널은 버튼 상태만 읽을 수 있습니다. 실행을 허용할 명령을 체크하세요.',
    allowed: '허용',
    command: '명령',
    route: 'API 이름',
    tickedCount: '명령 {count}/{total}개',
    confirmNote: '2초 안에 두 번 눌러야 실행',
    titles: '방송 제목 변경에 쓸 미리 정한 제목',
    titlesHint:
      '한 줄에 제목 하나, {max}개까지. 버튼이 "preset": 1을 보내면 첫 줄의 제목을 씁니다. 패널이 직접 제목을 보낼 수는 없습니다.',
    save: '저장',
    saved: '저장됨',
    edit: '명령…',
    refused: {
      token: '이 패널의 토큰이 없거나 틀렸거나 해지되었습니다.',
      origin: '웹 페이지의 요청은 거부합니다.',
      notPreset:
        '이 패널은 미리 정한 제목으로만 방송 제목을 바꿀 수 있습니다(설정 → 하드웨어 패널). 아무것도 보내지 않았습니다.',
      noPreset:
        '이 패널에는 미리 정한 제목 {preset}이(가) 없습니다. 설정 → 하드웨어 패널에서 설정하세요. 아무것도 보내지 않았습니다.',
      pressAgain:
        '“{command}”은(는) 되돌릴 수 없습니다. 2초 안에 같은 버튼을 다시 누르세요. 아무것도 보내지 않았습니다.',
    },
  },
} as const;
