/** Korean: the titles and one-line descriptions of the rehearsal domain's commands (`shared/commands/rehearsal.ts`), nested by command name. */
export const commandsRehearsal = {
  rehearsal: {
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
