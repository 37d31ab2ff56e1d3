/** Korean: the titles and one-line descriptions of the windows domain's commands (`shared/commands/windows.ts`). */
export const commandsWindows = {
  window: {
    popOutMultiview: {
      title: '멀티뷰를 새 창으로 열기',
      description:
        '멀티뷰를 별도의 창으로, 마지막에 둔 자리에 엽니다. 이 창의 감시를 함께 쓰므로 플랫폼 호출이 늘지 않습니다.',
    },
    popOutControlRoom: {
      title: '컨트롤 룸을 새 창으로 열기',
      description:
        '컨트롤 룸을 별도의 창으로, 마지막에 둔 자리에 엽니다. 이 창의 감시를 함께 씁니다.',
    },
    showMainView: {
      title: '메인 창에서 화면 열기',
      description:
        '메인 창 상단 바에서 그 순서의 화면을 엽니다(새 창에서 Shift+1 … Shift+9, Shift+0). 데스크톱 앱에서는 메인 창을 앞으로 가져옵니다.',
    },
  },
} as const;
