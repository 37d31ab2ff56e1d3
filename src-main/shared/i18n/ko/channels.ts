/** 한국어: the Channels view: channel list, states, settings and encoding profiles. */
import type { CatalogueShape } from '../message';
import type { channelsView as en } from '../en/channels';

export const channelsView: CatalogueShape<typeof en> = {
  channelsView: {
    title: '채널',
    sections: {
      channels: '채널 리스트',
      broadcasts: '방송 기록',
      profiles: '인코딩 프로파일',
    },
  },
};
