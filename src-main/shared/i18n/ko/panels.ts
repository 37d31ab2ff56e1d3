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
    refused: {
      token: '이 패널의 토큰이 없거나 틀렸거나 해지되었습니다.',
      origin: '웹 페이지의 요청은 거부합니다.',
      pressAgain:
        '“{command}”은(는) 되돌릴 수 없습니다. 2초 안에 같은 버튼을 다시 누르세요. 아무것도 보내지 않았습니다.',
    },
  },
} as const;
