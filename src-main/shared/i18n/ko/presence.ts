/** 한국어: 스튜디오 현황(누가 어디에): 컨트롤 룸, 멀티뷰, 타임라인. */
export const presence = {
  presence: {
    here: '함께 보는 중: {names}',
    chip: '{name} · {channel}',
    hubOperator: '{name} (허브)',
    observer: '{name} (관찰자)',
    editing: {
      moving: '{name} 님이 이 프로그램을 옮기는 중',
      open: '{name} 님이 이 프로그램을 열어 두었음',
      mark: '{name} 수정 중',
    },
  },
} as const;
