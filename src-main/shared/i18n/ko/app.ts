/** 한국어: 앱 틀 (상단 바, 설정, 상태 표시줄, 배너)과 공통 단어. */
import type { CatalogueShape } from '../message';
import type { app as en } from '../en/app';

export const app: CatalogueShape<typeof en> = {
  common: {
    cancel: '취소',
    confirm: '확인',
    close: '닫기',
    dismiss: '닫기',
    saving: '저장하는 중…',
    checking: '확인하는 중…',
    onAir: '방송중',
    offAir: '방송중지',
    timeshift: '타임시프트',
    localTime: '현지 {time}',
    localTimeIn: '현지 {time} ({zone})',
    somethingWrong: '문제가 발생했습니다.',
  },
  shell: {
    viewsLabel: '화면',
    views: {
      controlRoom: '컨트롤 룸',
      schedule: '편성표',
      uploads: '업로드',
      accounts: '계정',
    },
    uploadsNeedAttention_one: '확인이 필요한 업로드 {count}개',
    uploadsNeedAttention_other: '확인이 필요한 업로드 {count}개',
    uploadsUnderWay_one: '진행 중인 업로드 {count}개',
    uploadsUnderWay_other: '진행 중인 업로드 {count}개',
    sandboxBadge: '샌드박스 플랫폼 · 데모 데이터',
    liveBadge: '라이브 계정',
    workspace: '작업 공간',
    serviceAccountKey: '서비스 계정 키',
    serviceAccountShort: '서비스 계정',
  },
  settings: {
    button: '설정',
    title: '설정',
    language: '언어',
    followSystem: '시스템 언어 사용',
    languageHint: 'UTC 시각은 어느 언어에서나 UTC로 표시합니다.',
    notSaved: '저장하지 못했습니다: {reason}',
  },
  status: {
    label: '상태 표시줄',
    budget: '라이브 API 호출 한도',
    liveApi: '라이브 API',
    callsLabel: '최근 1분간 호출 수',
    calls: '최근 1분간 {calls}/{limit}회 호출',
    queued: '대기 {count}건',
    commands_one: '(명령 {count}건)',
    commands_other: '(명령 {count}건)',
    spacing: '호출 간격 {seconds}초',
    rateLimited: '플랫폼 호출 한도 초과: {seconds}초 후 호출을 재개합니다',
    paused: '호출 일시 중지: {reason}',
    connecting: '연결하는 중…',
  },
  banners: {
    newToken: '{name}의 새 토큰',
    saveToken: '새 토큰 저장',
    notSaved: '저장하지 못했습니다: {reason}',
  },
  format: {
    updatedAgo: '{ago} 업데이트',
    perSecond: '{size}/s',
  },
};
