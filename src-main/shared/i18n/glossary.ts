/**
 * OnAir Desk's domain glossary in English and Korean: the words the catalogues use for the
 * field's things. Korean follows the platform's own console and guides where a Korean source
 * was found (shared/reference/glossary-ko.md, "Kollus spelling"); the others are the usual
 * Korean broadcast terms. `check` terms are held to by `catalogues.test.ts`: a catalogue
 * message whose English names the term names it in Korean too.
 */
export interface GlossaryTerm {
  en: string;
  ko: string;
  /** Where the Korean comes from, or why it was chosen. */
  note: string;
  /** Checked against every catalogue message (the English term as a whole word, any case). */
  check: boolean;
}

export const glossary: readonly GlossaryTerm[] = [
  { en: 'broadcast', ko: '방송', note: 'Kollus: 방송 (one session: 방송 회차)', check: true },
  {
    en: 'on air',
    ko: '방송중',
    note: 'Kollus sample app: 방송중 / 방송중지, as a state; a short badge keeps ON AIR; phrases read naturally ("stays on air": 방송은 계속됩니다)',
    check: false,
  },
  { en: 'off air', ko: '방송중지', note: 'Kollus sample app, as a state', check: false },
  {
    en: 'live channel',
    ko: '라이브 채널',
    note: 'Kollus console: 채널 관리 > 채널 리스트',
    check: true,
  },
  { en: 'channel', ko: '채널', note: 'Kollus', check: true },
  { en: 'customer code', ko: '고객 코드', note: 'Kollus', check: true },
  {
    en: 'manual recording',
    ko: '수동 녹화',
    note: 'usual term; API duplicate-recording is not 중복 녹화',
    check: true,
  },
  { en: 'recording', ko: '녹화', note: 'Kollus: 녹화 파일', check: true },
  { en: 'timeshift', ko: '타임시프트', note: 'usual term', check: true },
  {
    en: 'cue point',
    ko: '큐 포인트',
    note: 'usual term: the earliest point viewers can seek back to',
    check: true,
  },
  { en: 'viewers', ko: '시청자', note: 'Kollus', check: true },
  { en: 'chat participants', ko: '채팅 참여자', note: 'usual term', check: true },
  { en: 'scheduled channel', ko: '편성 라이브 채널', note: 'Kollus: 편성 라이브', check: true },
  { en: 'program', ko: '프로그램', note: 'usual term (JP guide: プログラム)', check: false },
  {
    en: 'program media',
    ko: '영상',
    note: 'Kollus EN: [Program] > [List of videos] (영상 목록); as an upload target 프로그램 영상',
    check: true,
  },
  { en: 'schedule', ko: '편성표', note: 'usual term; the verb is 편성', check: false },
  { en: 'waiting screen', ko: '대기 화면', note: 'usual term (EN docs: idle screen)', check: true },
  {
    en: 'idle screen',
    ko: '대기 화면',
    note: 'the platform default shown when no waiting screen is set',
    check: true,
  },
  {
    en: 'one-time upload URL',
    ko: '일회성 업로드 URL',
    note: 'Kollus: 일회성으로 업로드 URL을 생성',
    check: true,
  },
  { en: 'upload', ko: '업로드', note: 'Kollus', check: true },
  { en: 'transcoding', ko: '트랜스코딩', note: 'Kollus', check: true },
  { en: 'media content', ko: '콘텐츠', note: 'Kollus (newer docs spell 콘텐츠)', check: false },
  { en: 'VOD library', ko: 'VOD 라이브러리', note: 'Kollus menu: 라이브러리', check: true },
  { en: 'category', ko: '카테고리', note: 'Kollus; the root is 전체', check: true },
  { en: 'service account key', ko: '서비스 계정 키', note: 'Kollus', check: true },
  {
    en: 'service account',
    ko: '서비스 계정',
    note: 'Kollus: [설정] > [기본 정보] > [서비스 계정]',
    check: true,
  },
  {
    en: 'personal access token',
    ko: 'Personal Access Token',
    note: 'Kollus keeps the English name',
    check: true,
  },
  {
    en: 'access token',
    ko: '액세스 토큰',
    note: 'usual term (VOD API access token)',
    check: false,
  },
  {
    en: 'token',
    ko: '토큰',
    note: 'usual term (a personal access token keeps its English name)',
    check: false,
  },
  { en: 'super administrator', ko: '최고 관리자', note: 'usual term', check: true },
  { en: 'administrator', ko: '관리자', note: 'Kollus: 관리자 권한', check: false },
  { en: 'scope', ko: '스코프', note: 'usual term for OAuth-style scopes', check: true },
  { en: 'keychain', ko: '키체인', note: 'usual term (OS keychain)', check: true },
  { en: 'sandbox', ko: '샌드박스', note: "the app's embedded platform emulator", check: true },
  { en: 'workspace', ko: '작업 공간', note: 'usual term', check: true },
  { en: 'rate limit', ko: '호출 한도', note: 'usual term for the API budget', check: false },
  { en: 'batch', ko: '일괄 작업', note: 'usual term', check: true },
  { en: 'base URL', ko: '기본 URL', note: 'usual term', check: true },
];
