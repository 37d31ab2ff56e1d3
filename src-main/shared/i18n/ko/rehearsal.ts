/** 한국어: 리허설 화면(샌드박스 작업 공간 전용)과 인코더 패널. */
export const rehearsalView = {
  rehearsalView: {
    title: '리허설',
    intro:
      '샌드박스에서 행사를 미리 연습합니다. 채널마다 가상 인코더를 시작하고 멈출 수 있습니다. 여기서 하는 일은 실제 플랫폼에 전달되지 않습니다.',
    sandboxOnly: '리허설은 샌드박스 작업 공간에서만 쓸 수 있습니다. 샌드박스로 전환하세요.',
    notLoopback: '샌드박스가 이 컴퓨터에 없습니다. 리허설 제어는 이 컴퓨터로만 보냅니다.',
    encoders: {
      heading: '인코더',
      help: '멈춘 인코더가 5분(플랫폼 시간) 안에 돌아오면 같은 방송이 이어집니다. 그 뒤에는 방송이 종료됩니다.',
      channel: '채널',
      state: '인코더',
      broadcast: '방송',
      actions: '동작',
      live: '송출 중',
      off: '꺼짐',
      reconnecting: '재연결 대기: {time} 남음({until} UTC까지)',
      reconnectingShort: '재연결 대기',
      start: '인코더 시작',
      stop: '인코더 중지',
      startLabel: '{channel} 인코더 시작',
      stopLabel: '{channel} 인코더 중지',
      channelDisabled: '비활성화된 채널입니다. 스트림을 보내려면 채널 화면에서 활성화하세요.',
      none: '인코더로 송출할 수 있는 채널이 없습니다.',
      noBroadcast: '—',
      loading: '인코더를 읽는 중…',
      started: '{channel} 방송중입니다.',
      stopped: '{channel} 인코더가 멈췄습니다. 방송은 5분 동안 인코더를 기다립니다.',
      failed: '{channel} 인코더를 바꾸지 못했습니다: {reason}',
    },
  },
} as const;
