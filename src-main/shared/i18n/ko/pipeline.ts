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
    confirmAgain:
      '“{command}”은(는) 되돌릴 수 없습니다. 먼저 확인하세요. 아무것도 보내지 않았습니다.',
    confirmTyped:
      '“{command}”은(는) 되돌릴 수 없습니다. 확인하려면 요청한 이름을 입력하세요. 아무것도 보내지 않았습니다.',
  },
} as const;
