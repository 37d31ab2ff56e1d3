/** Korean: the titles and one-line descriptions of the controlRoom domain's commands (`shared/commands/control-room.ts`), nested by command name. */
export const commandsControlRoom = {
  channel: {
    list: {
      title: '라이브 채널 리스트 보기',
      description: '라이브 채널 한 페이지를 방송 상태와 함께 읽습니다.',
    },
  },
  broadcast: {
    get: {
      title: '방송 읽기',
      description: '플랫폼에 있는 방송의 현재 상태를 읽습니다.',
    },
    participants: {
      title: '채팅 참여자 보기',
      description: '방송중인 방송의 채팅 참여자를 읽습니다.',
    },
    viewers: {
      title: '시청자 수 보기',
      description: '방송의 오늘 시청자 수를 5분 단위(UTC)로 읽습니다.',
    },
    rename: {
      title: '방송 제목 변경',
      description: '방송중인 방송의 제목을 바꿉니다.',
    },
    startRecording: {
      title: '녹화 시작',
      description: '방송중인 방송의 수동 녹화를 시작합니다.',
    },
    stopRecording: {
      title: '녹화 중지',
      description: '수동 녹화를 지금 끝냅니다. 방송은 계속됩니다.',
    },
    setCuePoint: {
      title: '지금 큐 포인트 설정',
      description: '시청자가 되돌려 볼 수 있는 가장 이른 지점인 타임시프트 큐 포인트를 설정합니다.',
    },
  },
  watch: {
    subscribe: {
      title: '변경 사항 지켜보기',
      description: '플랫폼을 주기적으로 조회해 화면의 내용을 최신으로 유지합니다.',
    },
    unsubscribe: {
      title: '지켜보기 중지',
      description: '화면에서 사라진 내용의 주기적 조회를 멈춥니다.',
    },
  },
} as const;
