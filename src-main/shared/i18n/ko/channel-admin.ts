/** 한국어: a channel's callbacks, creators, syndications, recording destinations and chat. */
import type { CatalogueShape } from '../message';
import type { channelAdmin as en } from '../en/channel-admin';

export const channelAdmin: CatalogueShape<typeof en> = {
  channelAdmin: {
    title: '채널 관리',
    tabs: {
      settings: '설정',
      callbacks: '콜백',
      creators: 'Creator',
      syndications: '신디케이션',
      destinations: '녹화 파일 전송',
      chat: '채팅',
      broadcasts: '방송 기록',
    },
  },
};
