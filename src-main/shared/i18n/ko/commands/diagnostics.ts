/** Korean: the title and one-line description of the diagnostics domain's command (`shared/commands/diagnostics.ts`), nested by command name. */
export const commandsDiagnostics = {
  diagnostics: {
    save: {
      title: '진단 정보 저장',
      description:
        '지원팀에 보낼 zip 압축 파일 하나를 저장합니다: 로그, 비밀 정보를 뺀 설정, 버전, API 예산, 최근 거부와 감사 기록.',
    },
  },
} as const;
