/** Korean: the command pipeline's refusals (before any platform call) and its audit words. */
export const pipeline = {
  pipeline: {
    /** 화면이 명령을 비활성으로 보여 주는 이유: 같은 검사를, 시도하기 전에 알립니다. */
    offer: {
      superAdminOnly: '최고 관리자 역할이 필요합니다. 이 작업 공간의 토큰은 관리자 토큰입니다.',
      notOnAir: '방송 중일 때 쓸 수 있습니다.',
      alreadyRecording: '이미 수동 녹화 중입니다.',
      notRecording: '진행 중인 수동 녹화가 없습니다.',
      sandboxOnly: '샌드박스 작업 공간에서만 쓸 수 있습니다.',
      noLiveApi: '이 작업 공간에 라이브 계정이 없습니다. 계정에서 연결하세요.',
      noVodApi: '이 작업 공간에 VOD 계정이 없습니다. 계정에서 연결하세요.',
      observerSeat: '이 좌석은 관찰자입니다. 모든 것을 볼 수 있지만 바꿀 수는 없습니다.',
      seatHubOnly:
        '허브 전용입니다(계정, 작업 공간, 스튜디오, 샌드박스 콜백 전달). 허브에서 실행하세요.',
      observerReveal: '비밀 값을 보여 주는 명령이고, 이 좌석은 관찰자입니다.',
      backupNoCommands: '백업 허브는 명령을 실행하지 않고 허브를 따르기만 합니다.',
    },
    superAdminOnly:
      '“{command}”에는 최고 관리자 역할이 필요합니다. 이 작업 공간의 토큰은 관리자 토큰입니다. 아무것도 보내지 않았습니다.',
    notOnAir: '방송 중이 아닙니다. 아무것도 보내지 않았습니다.',
    alreadyRecording: '이 방송은 이미 수동 녹화 중입니다. 아무것도 보내지 않았습니다.',
    notRecording: '이 방송에서 진행 중인 수동 녹화가 없습니다. 아무것도 보내지 않았습니다.',
    sandboxOnly: '“{command}”은(는) 샌드박스 작업 공간에서만 쓸 수 있습니다.',
    observerSeat:
      '“{command}”은(는) 플랫폼을 바꾸는 명령이고, 이 좌석은 관찰자입니다. 관찰자는 모든 것을 볼 수 있지만 바꿀 수는 없습니다. 아무것도 보내지 않았습니다.',
    notForPanels:
      '“{command}”은(는) 하드웨어 패널에 제공되지 않습니다. 아무것도 보내지 않았습니다.',
    /** 경로별 허용 표(shared/commands/ways-in.ts): 실행 전에 알립니다. */
    panelNotTicked:
      '이 패널은 “{command}”을(를) 실행할 수 없습니다. 설정 → 하드웨어 패널에서 이 패널에 허용하세요. 아무것도 보내지 않았습니다.',
    seatHubOnly:
      '“{command}”은(는) 허브 전용입니다(계정, 작업 공간, 스튜디오, 샌드박스 콜백 전달). 허브에서 실행하세요. 아무것도 바꾸지 않았습니다.',
    seatWorkstation:
      '“{command}”은(는) 각 데스크의 설정입니다. 좌석의 설정은 좌석에만 두고 허브에는 보내지 않습니다. 아무것도 바꾸지 않았습니다.',
    observerReveal:
      '“{command}”은(는) 비밀 값을 보여 주는 명령이고, 이 좌석은 관찰자입니다. 보여 주지 않습니다. 아무것도 보내지 않았습니다.',
    backupNoCommands:
      '백업 허브는 명령을 실행하지 않고 허브를 따르기만 합니다. 아무것도 보내지 않았습니다.',
    confirmAgain:
      '“{command}”은(는) 되돌릴 수 없습니다. 먼저 확인하세요. 아무것도 보내지 않았습니다.',
    confirmTyped:
      '“{command}”은(는) 되돌릴 수 없습니다. 확인하려면 요청한 이름을 입력하세요. 아무것도 보내지 않았습니다.',
    /** 다른 운영자가 방금 반대 명령을 실행했습니다. 아무것도 보내지 않았습니다. */
    crossed: {
      startRecording:
        '{seconds}초 전에 {who}님이 {via}(으)로 수동 녹화를 시작했습니다. 중지할까요?',
      stopRecording:
        '{seconds}초 전에 {who}님이 {via}(으)로 수동 녹화를 중지했습니다. 다시 시작할까요?',
      setCuePoint: '{seconds}초 전에 {who}님이 {via}(으)로 큐 포인트를 설정했습니다. 옮길까요?',
      program: '“{title}” 프로그램이 읽은 뒤에 바뀌었습니다({what}). 덮어쓸까요?',
      programDelete: '“{title}” 프로그램이 읽은 뒤에 바뀌었습니다({what}). 그래도 삭제할까요?',
      programBy:
        '“{title}” 프로그램을 읽은 뒤에 {who}님이 {via}(으)로 바꿨습니다({what}). 덮어쓸까요?',
      programDeleteBy:
        '“{title}” 프로그램을 읽은 뒤에 {who}님이 {via}(으)로 바꿨습니다({what}). 그래도 삭제할까요?',
      changed: {
        title: '제목',
        startAt: '시작 시각',
        media: '영상 목록',
        waitingScreen: '대기 화면',
        movedAway: '하루 넘게 옮겨졌거나 삭제됨',
      },
      title: '다른 운영자가 먼저 실행했습니다',
      override: '예, 덮어쓰기',
    },
    /** 명령이 들어온 경로. */
    wayIn: {
      button: '버튼',
      key: '단축키',
      palette: '명령 팔레트',
      panel: '하드웨어 패널',
      seat: '스튜디오 좌석',
      app: '앱',
    },
  },
} as const;
