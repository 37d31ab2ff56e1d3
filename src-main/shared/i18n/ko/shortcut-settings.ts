/** Korean: 설정 → 단축키 (`settings.shortcuts`, shared/shortcuts-model.ts). */
export const shortcutSettings = {
  shortcutSettings: {
    open: '단축키…',
    title: '단축키',
    intro:
      '명령에 원하는 키를 지정합니다. 키는 물리 키 기준이라 한글 입력 상태에서도 동작하며, 입력란에 입력하는 중에는 동작하지 않습니다.',
    command: '명령',
    category: '카테고리',
    keys: '키',
    defaultKeys: '기본값',
    none: '없음',
    change: '변경',
    changeLabel: '{command}의 키 변경',
    recording: '키를 누르세요… Esc로 취소',
    clear: '지우기',
    clearLabel: '{command}의 키 지우기',
    reset: '기본값',
    resetLabel: '{command}의 키를 기본값으로 되돌리기',
    resetAll: '모두 기본값으로 되돌리기',
    saved: '{command}: {key}',
    cleared: '{command}: 키 없음',
    sheetNote: '설정 → 단축키…에서 바꿀 수 있습니다.',
    notChanged: '변경하지 못했습니다: {reason}',
    fixedNote: '앱이 쓰는 키: Ctrl+K(macOS는 ⌘K), ?, /, Shift+1…9, 1…9, Tab, 메뉴의 키.',
    fixed: {
      focus: '컨트롤 사이 이동',
      press: '선택한 버튼 누르기',
      close: '대화 상자 닫기 또는 취소',
      lists: '리스트에서 이동',
      edit: '실행 취소, 잘라내기, 복사, 붙여넣기, 모두 선택',
      menu: '데스크톱 앱의 메뉴 항목',
      browser: '웹 브라우저가 자체적으로 쓰는 키(브라우저 호스트)',
    },
    errors: {
      takenByCommand:
        '{key} 키는 이미 “{command}”의 단축키입니다. 먼저 그 명령에 다른 키를 지정하세요.',
      takenByApp: '{key} 키는 앱이 쓰는 키({what})라 명령에 지정할 수 없습니다.',
      notOffered: '{command}에는 단축키를 지정할 수 없습니다.',
    },
  },
} as const;
