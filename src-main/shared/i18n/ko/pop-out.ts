/** 한국어: 새 창으로 열기 (멀티뷰, 컨트롤 룸), 새 창의 제목, 메인 창을 닫을 때 묻는 말. */
import type { CatalogueShape } from '../message';
import type { popOut as en } from '../en/pop-out';

export const popOut: CatalogueShape<typeof en> = {
  popOut: {
    button: '새 창으로',
    multiview: '새 창으로 열기',
    controlRoom: '이 채널을 새 창으로 열기',
    hint: '별도의 창으로, 마지막에 둔 화면에 엽니다.',
    failed: '새 창을 열지 못했습니다: {reason}',
    windowTitle: '{view} · OnAir Desk',
    close: {
      title: 'OnAir Desk를 닫을까요?',
      message_one: '새 창 {count}개가 열려 있습니다.',
      message_other: '새 창 {count}개가 열려 있습니다.',
      detail:
        '메인 창을 닫으면 새 창도 함께 닫히고 OnAir Desk가 종료됩니다. 다음에 새 창으로 열면 마지막에 둔 자리에 열립니다.',
      keepOpen: '열어 두기',
      closeAll: '모두 닫기',
      line_one: '함께 닫히는 새 창 {count}개',
      line_other: '함께 닫히는 새 창 {count}개',
    },
  },
};
