/** 한국어: 리허설 도메인 명령의 제목과 설명(`shared/commands/rehearsal.ts`). */
export const commandsRehearsal = {
  rehearsal: {
    encoders: {
      title: '샌드박스 인코더 리스트',
      description:
        '샌드박스에서 인코더로 송출할 수 있는 모든 채널과 인코더 상태(송출 중, 꺼짐, 재연결 대기)를 보여 줍니다.',
    },
    setEncoder: {
      title: '샌드박스 인코더 시작/중지',
      description:
        '샌드박스 채널을 새 방송으로 송출하거나 스트림을 멈춥니다(인코더가 돌아오지 않으면 5분 뒤 방송이 종료됩니다).',
    },
    scenarios: {
      title: '샌드박스 시나리오 리스트',
      description:
        '샌드박스의 리허설 시나리오 예시와 재생 중인 시나리오의 진행 상황을 보여 줍니다.',
    },
    playScenario: {
      title: '샌드박스 시나리오 재생',
      description:
        '리허설 시나리오를 샌드박스 시계에서 실제 시간의 1~60배 속도로 재생합니다. 채널이 송출을 시작하고 끝내며, 시청자와 장애가 시나리오대로 일어납니다.',
    },
    controlScenario: {
      title: '샌드박스 시나리오 일시 정지/재개/중지',
      description:
        '샌드박스 시나리오를 일시 정지하거나(플랫폼 시간이 멈춥니다) 다시 재생하거나 중지합니다.',
    },
    deliveries: {
      title: '콜백 전송 기록 보기',
      description:
        '샌드박스가 보냈거나 거부한 콜백을 보여 줍니다: 시각(UTC), 종류, URL, 상태, 보낸 데이터.',
    },
    resendDelivery: {
      title: '콜백 다시 보내기',
      description: '샌드박스의 콜백 하나를 지금 다시 보냅니다.',
    },
    deliverOutside: {
      title: '이 컴퓨터 밖으로 콜백 보내기',
      description:
        '샌드박스가 이 컴퓨터 밖의 주소로도 콜백을 보내게 합니다. 끄면 이 컴퓨터로만 보냅니다.',
    },
  },
} as const;
