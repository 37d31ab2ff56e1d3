/** Korean: the titles and one-line descriptions of the channelAdmin domain's commands (`shared/commands/channel-admin.ts`), nested by command name. */
export const commandsChannelAdmin = {
  channelAdmin: {
    callbacks: {
      title: '콜백 보기',
      description: '채널의 콜백 URL을 읽습니다.',
    },
    setCallbacks: {
      title: '콜백 설정',
      description: '채널의 콜백 URL을 설정합니다. 비워 두면 삭제됩니다.',
    },
    creators: {
      title: 'Creator 리스트 보기',
      description: '채널의 Creator를 읽습니다.',
    },
    createCreator: {
      title: 'Creator 추가',
      description: '채널에 Creator를 추가합니다.',
    },
    renameCreator: {
      title: 'Creator 닉네임 변경',
      description: 'Creator의 닉네임을 바꿉니다.',
    },
    deleteCreator: {
      title: 'Creator 삭제',
      description: '채널에서 Creator를 삭제합니다.',
    },
    syndications: {
      title: '신디케이션 리스트 보기',
      description: '채널의 신디케이션을 스트림 키 없이 읽습니다.',
    },
    revealStreamKey: {
      title: '스트림 키 보기',
      description: '신디케이션 하나의 스트림 키를 읽습니다.',
    },
    createSyndication: {
      title: '신디케이션 추가',
      description: '다른 RTMP 서비스로 보내는 신디케이션을 추가합니다.',
    },
    updateSyndication: {
      title: '신디케이션 수정',
      description: '신디케이션을 바꿉니다. 스트림 키를 비워 두면 그대로 둡니다.',
    },
    deleteSyndication: {
      title: '신디케이션 삭제',
      description: '채널에서 신디케이션을 삭제합니다.',
    },
    destinations: {
      title: '녹화 파일 전송 대상 보기',
      description: '채널의 녹화 파일을 보내는 대상을 읽습니다.',
    },
    destination: {
      title: '녹화 파일 전송 대상 읽기',
      description: '플랫폼에 있는 녹화 파일 전송 대상 하나를 읽습니다.',
    },
    createDestination: {
      title: '녹화 파일 전송 대상 추가',
      description: 'FTP, SFTP, Amazon S3 또는 Kollus VOD 대상을 추가합니다.',
    },
    updateDestination: {
      title: '녹화 파일 전송 대상 수정',
      description: '대상을 바꿉니다. 비밀번호나 비밀 키를 비워 두면 그대로 둡니다.',
    },
    deleteDestination: {
      title: '녹화 파일 전송 대상 삭제',
      description: '채널에서 녹화 파일 전송 대상을 삭제합니다.',
    },
    setDestinationActive: {
      title: '녹화 파일 전송 대상 사용 설정',
      description: '녹화 파일을 대상에 보낼지 정합니다.',
    },
    chattingServices: {
      title: '채팅 서비스 보기',
      description: '계정의 채팅 서비스 계약을 읽습니다.',
    },
    chat: {
      title: '채팅 설정 보기',
      description: '채널의 채팅 설정과 현재 채팅방을 읽습니다.',
    },
    updateServiceChat: {
      title: '채팅 설정',
      description: '채널 자체 채팅 설정을 바꿉니다.',
    },
    updateExternalChat: {
      title: '외부 채팅 설정',
      description: '채널의 외부 채팅 설정을 바꿉니다.',
    },
  },
} as const;
