/** Korean: the Rehearsal view's callback delivery log, its setting and its refusals. */
export const rehearsalCallbacks = {
  rehearsalCallbacks: {
    heading: '콜백 전송 기록',
    intro:
      '샌드박스가 채널에 설정된 URL로 보낸 콜백을 최신 순으로 보여 줍니다. 콜백은 이 컴퓨터로만 보내며, 설정에서 이 컴퓨터 밖으로 보내기를 켜지 않으면 다른 주소는 거부합니다.',
    outsideOn: '이 컴퓨터 밖으로 보내기가 켜져 있습니다.',
    refresh: '새로 고침',
    empty: '아직 콜백이 없습니다. 채널에 콜백 URL을 설정한 뒤 이벤트를 일으키세요.',
    loadFailed: '전송 기록을 읽지 못했습니다: {reason}',
    columns: {
      time: '시각(UTC)',
      kind: '종류',
      url: 'URL',
      status: '상태',
      attempts: '시도',
      payload: '보낸 데이터',
      actions: '작업',
    },
    resend: '다시 보내기',
    resending: '다시 보내는 중…',
    resendFailed: '다시 보내지 못했습니다: {reason}',
    showPayload: '보낸 데이터 보기',
    http: 'HTTP {status}',
    kinds: {
      'live.broadcast': '라이브: 방송 상태',
      'live.recording_file': '라이브: 녹화 파일 전송',
      'live.playback': '라이브: 재생',
      'vod.content': 'VOD: 콘텐츠 추가·삭제',
      'vod.playback': 'VOD: 재생 요청',
      'vod.download': 'VOD: 다운로드 시도',
      'vod.ai_script': 'VOD: AI 스크립트 완료',
    },
    statuses: {
      pending: '대기 중',
      delivered: '전송됨',
      given_up: '포기함',
      refused: '거부됨',
    },
    outcomes: {
      delivered: '전송됨',
      failed: '실패',
      refused: '거부됨',
    },
    settingLabel: '샌드박스 콜백을 이 컴퓨터 밖으로 보내기',
    settingHint:
      '끄면 샌드박스는 데모 콜백을 이 컴퓨터(127.0.0.0/8, ::1)로만 보내므로 운영 웹훅에 닿지 않습니다.',
    errors: {
      deliveryGone: '전송 {id}은(는) 샌드박스 기록에 더 이상 없습니다(최근 500건만 보관).',
      sandboxUnreachable: '샌드박스 플랫폼이 응답하지 않았습니다: {reason}',
    },
  },
} as const;
