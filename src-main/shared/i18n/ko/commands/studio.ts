/** Korean: the titles and one-line descriptions of the studio domain's commands (`shared/commands/studio.ts`), nested by command name. */
export const commandsStudio = {
  studio: {
    status: {
      title: '스튜디오 보기',
      description:
        '이 데스크가 스튜디오를 호스팅하는지, 그 좌석과 페어링 코드, 또는 참여한 허브를 보여 줍니다.',
    },
    startHosting: {
      title: '스튜디오 호스팅',
      description:
        '다른 OnAir Desk가 좌석으로 참여할 수 있게 합니다. 선택한 주소에서 TLS로 연결합니다.',
    },
    stopHosting: {
      title: '스튜디오 호스팅 중지',
      description: '모든 좌석의 연결을 닫습니다. 좌석의 자격 증명은 다음을 위해 유지됩니다.',
    },
    newPairingCode: {
      title: '새 페어링 코드',
      description: '2분 안에 좌석 하나가 참여할 수 있는 코드를 만듭니다.',
    },
    join: {
      title: '스튜디오 참여',
      description: '이 데스크를 허브의 좌석으로 만듭니다. 화면과 명령이 허브의 것이 됩니다.',
    },
    leave: {
      title: '스튜디오 나가기',
      description: '이 데스크를 다시 독립적으로 씁니다. 좌석의 자격 증명은 다음을 위해 유지됩니다.',
    },
    startBackup: {
      title: '백업 허브로 시작',
      description:
        '스튜디오 허브의 하트비트를 따라가다가 허브가 3초 동안 응답하지 않으면 좌석을 넘겨받습니다.',
    },
    revokeSeat: {
      title: '좌석 해지',
      description: '좌석의 연결을 즉시 끊고 자격 증명을 지웁니다.',
    },
  },
  presence: {
    report: {
      title: '내 위치 알리기',
      description: '이 창에서 보고 있는 채널과 수정 중인 프로그램을 스튜디오에 알립니다.',
    },
    list: {
      title: '누가 어디에',
      description: '스튜디오의 각 좌석이 보고 있는 채널과 수정 중인 항목을 보여 줍니다.',
    },
  },
} as const;
