/** Korean: the titles and one-line descriptions of the channels domain's commands (`shared/commands/channels.ts`), nested by command name. */
export const commandsChannels = {
  channels: {
    delete: {
      title: '채널 영구 삭제',
      description: '채널 제목을 입력해 확인하면 라이브 채널을 영구히 삭제합니다.',
    },
  },
} as const;
