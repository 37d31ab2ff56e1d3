/** 한국어: 명령 팔레트 (Ctrl+K, macOS ⌘K)와 단축키 목록 (`?`). */
import type { CatalogueShape } from '../message';
import type { palette as en } from '../en/palette';

export const palette: CatalogueShape<typeof en> = {
  palette: {
    title: '명령 팔레트',
    input: '명령과 이름 검색',
    placeholder: '명령, 채널, 콘텐츠 이름 입력…',
    results: '검색 결과',
    empty: '일치하는 항목이 없습니다.',
    hint: '↑↓ 선택 · Enter 실행 · Esc 닫기',
    disabled: '지금은 실행할 수 없음: {reason}',
    needsBroadcast: '먼저 컨트롤 룸에서 방송을 여세요.',
    opensView: '{view} 화면 열기',
    running: '“{command}” 실행 중…',
    done: '완료: {command}',
    failed: '“{command}” 실패: {reason}',
    run: '실행',
    back: '뒤로',
    confirmAgain: '“{command}”을(를) 확인하려면 Enter를 한 번 더 누르세요.',
    confirmButton: '확인: {command}',
    field: {
      title: '새 제목',
      name: '이름',
      confirmTitle: '확인을 위해 이름 입력',
    },
    category: {
      controlRoom: '컨트롤 룸',
      schedule: '편성표',
      uploads: '업로드',
      downloads: '다운로드',
      channels: '채널',
      recordings: '녹화',
      statistics: '통계',
      library: '라이브러리',
      workspaces: '작업 공간',
      settings: '설정',
      app: '앱',
    },
    kind: {
      channel: '채널',
      broadcast: '방송',
      program: '프로그램',
      content: '콘텐츠',
      category: '카테고리',
      vodChannel: 'VOD 채널',
    },
  },
  shortcutSheet: {
    title: '단축키',
    key: '키',
    command: '명령',
    palette: '명령 팔레트 열기',
    sheet: '이 단축키 목록 보기',
    note: '키는 물리 키 기준이라 한글 입력 상태에서도 동작하며, 입력란에 입력하는 중에는 동작하지 않습니다.',
  },
};
