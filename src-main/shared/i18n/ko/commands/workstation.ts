/** Korean: the title and one-line description of the workstation domain's command (`shared/commands/workstation.ts`). */
export const commandsWorkstation = {
  workstation: {
    state: {
      title: '작업 컴퓨터 상태 보기',
      description: '방송을 위해 절전을 막고 있는지, 곧 만료되는 저장된 토큰이 있는지 읽습니다.',
    },
  },
} as const;
