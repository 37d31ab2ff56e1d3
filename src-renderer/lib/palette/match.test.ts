/**
 * The palette's matcher: Hangul decomposition, initial-consonant search (초성 검색), partly
 * typed syllables, fuzzy English, and ranking with recent choices first.
 */
import { describe, expect, it } from 'vitest';
import {
  compose,
  createRanker,
  decompose,
  initialsOf,
  match,
  prepare,
  rank,
  type Rankable,
} from './match';

describe('Hangul decomposition', () => {
  it('splits a syllable by 0xAC00 + (initial * 21 + medial) * 28 + final', () => {
    expect(decompose('가')).toEqual({ initial: 'ㄱ', medial: 'ㅏ', final: '' });
    expect(decompose('녹')).toEqual({ initial: 'ㄴ', medial: 'ㅗ', final: 'ㄱ' });
    expect(decompose('화')).toEqual({ initial: 'ㅎ', medial: 'ㅘ', final: '' });
    expect(decompose('힣')).toEqual({ initial: 'ㅎ', medial: 'ㅣ', final: 'ㅎ' });
    expect(decompose('닭')).toEqual({ initial: 'ㄷ', medial: 'ㅏ', final: 'ㄺ' });
  });

  it('answers null for anything that is not a precomposed syllable', () => {
    expect(decompose('a')).toBeNull();
    expect(decompose('ㄱ')).toBeNull();
    expect(decompose('')).toBeNull();
    expect(decompose(String.fromCodePoint(0xabff))).toBeNull();
    expect(decompose(String.fromCodePoint(0xd7a4))).toBeNull();
  });

  it('composes back every syllable it splits', () => {
    for (let code = 0xac00; code <= 0xd7a3; code += 97) {
      const char = String.fromCodePoint(code);
      const parts = decompose(char);
      expect(parts).not.toBeNull();
      if (parts) expect(compose(parts)).toBe(char);
    }
    expect(compose({ initial: 'x', medial: 'ㅏ', final: '' })).toBeNull();
  });

  it('reads the initial consonants of a text', () => {
    expect(initialsOf('녹화 시작')).toBe('ㄴㅎ ㅅㅈ');
    expect(initialsOf('큐 포인트 A')).toBe('ㅋ ㅍㅇㅌ A');
  });
});

describe('initial-consonant search (초성 검색)', () => {
  it('ㄴㅎ finds 녹화', () => {
    expect(match('ㄴㅎ', '녹화 시작')).not.toBeNull();
    expect(match('ㄴㅎ', '녹화 시작')?.positions).toEqual([0, 1]);
  });

  it('ㅋㅍㅇㅌ finds 큐 포인트, spaces in the text ignored', () => {
    const found = match('ㅋㅍㅇㅌ', '지금 큐 포인트 설정');
    expect(found?.positions).toEqual([3, 5, 6, 7]);
  });

  it('spaces in the query are ignored too', () => {
    expect(match('ㅋ ㅍ', '큐 포인트')).not.toBeNull();
  });

  it('does not match consonants out of order or absent', () => {
    expect(match('ㅎㄴ', '녹화')).toBeNull();
    expect(match('ㄱㅎ', '녹화')).toBeNull();
  });

  it('a consonant never matches a syllable by its final', () => {
    expect(match('ㄱ', '녹')).toBeNull();
  });
});

describe('partly typed syllables', () => {
  it('녹ㅎ finds 녹화 (a whole syllable, then a consonant)', () => {
    expect(match('녹ㅎ', '녹화 중지')?.positions).toEqual([0, 1]);
  });

  it('the last syllable without its final finds the fuller one: 노 → 녹', () => {
    expect(match('노', '녹화')).not.toBeNull();
    expect(match('녹호', '녹화')).not.toBeNull();
  });

  it('a compound vowel half typed: 호 → 화', () => {
    expect(match('녹호', '녹화')?.positions).toEqual([0, 1]);
  });

  it('a compound final half typed: 달 → 닭', () => {
    expect(match('달', '닭갈비')).not.toBeNull();
  });

  it('a final that becomes the next initial: 녹 → 노교', () => {
    expect(match('녹', '노교 일정')?.positions).toEqual([0, 1]);
  });

  it('only the last character may be partial', () => {
    expect(match('노화', '녹화')).toBeNull();
  });

  it('a different vowel never matches', () => {
    expect(match('나', '녹화')).toBeNull();
    expect(match('녹하', '녹화')).toBeNull();
  });
});

describe('fuzzy English', () => {
  it('matches in order, case folded', () => {
    expect(match('strec', 'Start recording')).not.toBeNull();
    expect(match('STREC', 'Start recording')).not.toBeNull();
    expect(match('cer', 'Start recording')).toBeNull();
  });

  it('prefers word starts and runs of characters', () => {
    const starts = match('sr', 'Start recording');
    const inside = match('sr', 'Pressure');
    expect(starts && inside && starts.score > inside.score).toBe(true);
    expect(starts?.positions).toEqual([0, 6]);
  });

  it('a run of the text beats letters spread over words', () => {
    const run = match('rec', 'Start recording');
    const spread = match('rec', 'Rename category');
    expect(run && spread && run.score > spread.score).toBe(true);
  });

  it('finds a later word start when the leftmost match would miss', () => {
    expect(match('bc', 'abc bx')?.positions).toEqual([1, 2]);
  });

  it('the empty query matches everything with no positions', () => {
    expect(match('', 'anything')).toEqual({ score: 0, positions: [] });
    expect(match('   ', '')).toEqual({ score: 0, positions: [] });
  });

  it('a query longer than the text does not match', () => {
    expect(match('recording now', 'Record')).toBeNull();
  });
});

describe('ranking', () => {
  const entry = (id: string, name: string, alias?: string): Rankable => ({
    id,
    name: prepare(name),
    ...(alias ? { aliases: [prepare(alias)] } : {}),
  });
  const entries = [
    entry('stop', '녹화 중지', 'Stop recording'),
    entry('start', '녹화 시작', 'Start recording'),
    entry('cue', '지금 큐 포인트 설정', 'Set cue point now'),
    entry('channel', 'Morning news'),
  ];

  it('keeps only the matches, best first', () => {
    const ids = rank('ㅋㅍㅇㅌ', entries).map((r) => r.entry.id);
    expect(ids).toEqual(['cue']);
    expect(rank('ㄴㅎ', entries).map((r) => r.entry.id)).toEqual(['stop', 'start']);
  });

  it('finds a Korean title by its English name', () => {
    expect(rank('cue', entries).map((r) => r.entry.id)).toEqual(['cue']);
    const started = rank('start rec', entries);
    expect(started[0]?.entry.id).toBe('start');
  });

  it('recent choices first for an empty query, then the given order', () => {
    expect(rank('', entries, ['channel', 'cue']).map((r) => r.entry.id)).toEqual([
      'channel',
      'cue',
      'stop',
      'start',
    ]);
  });

  it('a recent choice comes before an equal match', () => {
    expect(rank('ㄴㅎ', entries, ['start']).map((r) => r.entry.id)).toEqual(['start', 'stop']);
  });

  it('ranks 3,000 entries', () => {
    const many = Array.from({ length: 3000 }, (_, i) => entry(`e${i}`, `채널 ${i} 녹화 ${i % 7}`));
    expect(rank('ㄴㅎ6', many).length).toBeGreaterThan(0);
    expect(rank('zzz', many)).toEqual([]);
  });
});

describe('ranking as the operator types', () => {
  const many = Array.from({ length: 400 }, (_, i) => ({
    id: `e${i}`,
    name: prepare(
      i % 3 === 0 ? `녹화 시작 ${i}` : i % 3 === 1 ? `노교 일정 ${i}` : `Morning news ${i}`,
    ),
  }));

  it('answers what rank answers, keystroke by keystroke, deletions and syllables composed', () => {
    const ranker = createRanker(many);
    const typed = [
      'ㄴ',
      'ㄴㅎ',
      'ㄴ',
      '노',
      '녹',
      '녹ㅎ',
      '녹호',
      '녹화',
      '',
      'm',
      'mo',
      'mor',
      'mo',
      'mon',
      '1',
      '12',
    ];
    for (const query of typed) {
      const expected = rank(query, many, ['e5']).map((r) => r.entry.id);
      expect(
        ranker(query, ['e5']).map((r) => r.entry.id),
        query,
      ).toEqual(expected);
    }
  });
});
