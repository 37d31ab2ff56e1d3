/** Korean: the titles and one-line descriptions of the control room's commands (`shared/commands/control-room.ts`), nested by command name. */
export const commandsControlRoom = {
  broadcast: {
    get: { title: '방송 정보 읽기', description: '플랫폼의 현재 방송 정보를 읽습니다.' },
    participants: { title: '채팅 참여자 읽기', description: '방송 중인 채팅의 참여자를 읽습니다.' },
    viewers: {
      title: '시청자 수 읽기',
      description: '오늘(UTC) 방송의 시청자 수를 5분 단위로 읽습니다.',
    },
    rename: { title: '방송 제목 변경', description: '시청자에게 보이는 방송 제목을 바꿉니다.' },
    startRecording: { title: '녹화 시작', description: '방송 중인 방송의 수동 녹화를 시작합니다.' },
    stopRecording: {
      title: '녹화 중지',
      description: '확인 후 방송 중인 방송의 수동 녹화를 중지합니다.',
    },
    setCuePoint: {
      title: '지금 큐 포인트 설정',
      description:
        '타임시프트 큐 포인트를 설정합니다. 시청자는 이 시점까지만 되돌려 볼 수 있습니다.',
    },
  },
  channel: {
    focus: {
      title: '채널 선택',
      description:
        '컨트롤 룸에서 채널을 선택합니다. 목록에서 그 순서의 채널(1 … 9 키와 같은 순서) 또는 채널 키로 지정한 채널입니다.',
    },
  },
  command: {
    cancelWaiting: {
      title: '대기 중인 명령 취소',
      description: '429 이후 플랫폼을 기다리는 명령을 멈춥니다. 더 이상 보내지 않습니다.',
    },
  },
  watch: {
    subscribe: {
      title: '라이브 상태 지켜보기',
      description: '방송이나 채널 리스트를 화면에서 최신으로 유지합니다.',
    },
    unsubscribe: {
      title: '지켜보기 중지',
      description: '방송이나 채널 리스트를 최신으로 유지하지 않습니다.',
    },
  },
} as const;
