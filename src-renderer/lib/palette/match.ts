/**
 * The command palette's matcher: fuzzy matching of what the operator types against entry
 * names, in English and Korean, with Korean initial-consonant search (초성 검색) and partly
 * typed syllables. Pure: no DOM, no clock, so the palette and the bench run the same code.
 *
 * Hangul (Unicode, "Hangul Syllables"): a precomposed syllable is
 * `0xAC00 + (initial * 21 + medial) * 28 + final`, with 19 initials, 21 medials and 28 finals
 * (final 0: none). Initial consonants typed alone arrive as compatibility jamo (ㄱ U+3131 …).
 *
 * A query matches a text when its characters (spaces ignored) are found in the text in order:
 * - the same character, case folded;
 * - a consonant jamo (`ㄴ`) against a syllable it begins (`녹`): `ㄴㅎ` finds 녹화;
 * - the query's last syllable typed partly against a fuller one: `노` or `녹` finds 녹 of
 *   녹화, `호` finds 화 (ㅗ + ㅏ = ㅘ), and `녹` finds 노교 (the final ㄱ may still become the
 *   next syllable's initial while the input method composes).
 */

const syllableBase = 0xac00;
const syllableLast = 0xd7a3;
const medialCount = 21;
const finalCount = 28;

/** The 19 initial consonants, as compatibility jamo, in Unicode order. */
const initials = Array.from('ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ');
/** The 21 medial vowels, as compatibility jamo. */
const medials = Array.from('ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ');
/** The 28 finals ('' for none), as compatibility jamo. */
const finals = ['', ...Array.from('ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ')];

/** Compound vowels and the vowel an input method shows before the second part is typed. */
const medialFirstPart: Record<string, string> = {
  ㅘ: 'ㅗ',
  ㅙ: 'ㅗ',
  ㅚ: 'ㅗ',
  ㅝ: 'ㅜ',
  ㅞ: 'ㅜ',
  ㅟ: 'ㅜ',
  ㅢ: 'ㅡ',
};

/** Compound finals and the consonant shown before the second part is typed. */
const finalFirstPart: Record<string, string> = {
  ㄳ: 'ㄱ',
  ㄵ: 'ㄴ',
  ㄶ: 'ㄴ',
  ㄺ: 'ㄹ',
  ㄻ: 'ㄹ',
  ㄼ: 'ㄹ',
  ㄽ: 'ㄹ',
  ㄾ: 'ㄹ',
  ㄿ: 'ㄹ',
  ㅀ: 'ㄹ',
  ㅄ: 'ㅂ',
};

/** A Hangul syllable split into its jamo (compatibility forms; `final` '' for none). */
export interface Syllable {
  initial: string;
  medial: string;
  final: string;
}

/** Splits a precomposed Hangul syllable; null for any other character. */
export function decompose(char: string): Syllable | null {
  const code = char.codePointAt(0) ?? 0;
  if (char.length !== 1 || code < syllableBase || code > syllableLast) return null;
  const index = code - syllableBase;
  const finalIndex = index % finalCount;
  const medialIndex = Math.floor(index / finalCount) % medialCount;
  const initialIndex = Math.floor(index / (finalCount * medialCount));
  return {
    initial: initials[initialIndex] ?? '',
    medial: medials[medialIndex] ?? '',
    final: finals[finalIndex] ?? '',
  };
}

/** Composes a syllable from its jamo; null when one is not a valid part. */
export function compose(parts: Syllable): string | null {
  const i = initials.indexOf(parts.initial);
  const m = medials.indexOf(parts.medial);
  const f = finals.indexOf(parts.final);
  if (i < 0 || m < 0 || f < 0) return null;
  return String.fromCodePoint(syllableBase + (i * medialCount + m) * finalCount + f);
}

/** The initial consonants of a text (`녹화 시작` → `ㄴㅎ ㅅㅈ`); other characters kept. */
export function initialsOf(text: string): string {
  let out = '';
  for (const char of text) out += decompose(char)?.initial ?? char;
  return out;
}

/** Whether `char` is a consonant typed alone (compatibility jamo ㄱ…ㅎ). */
function isConsonantJamo(char: string): boolean {
  return initials.includes(char);
}

/** One searchable character of a text, prepared once. */
interface Unit {
  /** Its index in the original text (UTF-16), for highlighting. */
  at: number;
  /** The character, case folded. */
  char: string;
  syllable: Syllable | null;
  /** It begins a word: the text's start, after a space or punctuation, or a capital after a small letter. */
  wordStart: boolean;
}

/** A text prepared for matching: keep it with the entry, so typing does not redo it. */
export interface Prepared {
  text: string;
  units: Unit[];
}

const separator = /[\s\-_./:,()[\]·]/;

/** Prepares `text` for {@link matchPrepared}. */
export function prepare(text: string): Prepared {
  const units: Unit[] = [];
  let previous = '';
  let at = 0;
  for (const char of text) {
    if (!separator.test(char)) {
      const lower = char.toLowerCase();
      const wordStart =
        previous === '' ||
        separator.test(previous) ||
        (char !== lower &&
          previous === previous.toLowerCase() &&
          previous !== previous.toUpperCase());
      units.push({ at, char: lower, syllable: decompose(char), wordStart });
    }
    previous = char;
    at += char.length;
  }
  return { text, units };
}

/** A match: how good it is (higher is better) and the matched positions in the text. */
export interface Match {
  score: number;
  /** UTF-16 indexes of the matched characters of the text, ascending. */
  positions: number[];
}

/** How one query character met the text: how many text units it took (0: not at all). */
function meets(
  { char: q, syllable: qSyllable, consonant }: QueryChar,
  last: boolean,
  units: Unit[],
  i: number,
): 0 | 1 | 2 {
  const unit = units[i];
  if (!unit) return 0;
  if (unit.char === q) return 1;
  const target = unit.syllable;
  if (!target) return 0;
  if (consonant) return target.initial === q ? 1 : 0;
  if (!last || !qSyllable || qSyllable.initial !== target.initial) return 0;
  // The last syllable may still be composing: 노 → 녹, 호 → 화, 날 → 낡.
  const medialOk =
    qSyllable.medial === target.medial || medialFirstPart[target.medial] === qSyllable.medial;
  if (qSyllable.final === '') return medialOk ? 1 : 0;
  if (qSyllable.medial !== target.medial) return 0;
  if (finalFirstPart[target.final] === qSyllable.final) return 1;
  // 녹 typed towards 노교: the final is the next syllable's initial.
  const next = units[i + 1];
  if (target.final === '' && next?.syllable?.initial === qSyllable.final) return 2;
  return 0;
}

/** One character of the query, decomposed once per query. */
interface QueryChar {
  char: string;
  syllable: Syllable | null;
  /** A consonant typed alone (ㄱ…ㅎ): it matches a syllable it begins. */
  consonant: boolean;
}

/** The query as matched: case folded, spaces ignored. */
function queryChars(query: string): QueryChar[] {
  return Array.from(query.toLowerCase())
    .filter((char) => !/\s/.test(char))
    .map((char) => ({ char, syllable: decompose(char), consonant: isConsonantJamo(char) }));
}

/**
 * The score of the better of the two walks; NaN when the query does not match. The leftmost
 * walk first: it fails exactly when no match exists (most entries, for most queries), so a
 * miss costs one walk.
 */
function bestScore(q: QueryChar[], units: Unit[]): number {
  const leftmost = walk(q, units, false);
  if (Number.isNaN(leftmost)) return leftmost;
  const preferred = walk(q, units, true);
  return preferred >= leftmost ? preferred : leftmost;
}

/** {@link bestScore} with the matched positions; null when the query does not match. */
function bestWalk(q: QueryChar[], units: Unit[]): Match | null {
  const leftmost = walk(q, units, false);
  if (Number.isNaN(leftmost)) return null;
  const preferred = walk(q, units, true);
  const prefer = preferred >= leftmost;
  const positions: number[] = [];
  walk(q, units, prefer, positions);
  return { score: prefer ? preferred : leftmost, positions };
}

/**
 * Walks the text once for the query; `prefer` picks the next position among the candidates
 * (consecutive first, then word starts), or takes the leftmost when false.
 */
function walk(
  q: QueryChar[],
  units: Unit[],
  prefer: boolean,
  positions: number[] | null = null,
): number {
  let score = 0;
  let next = 0;
  let previousEnd = -1;
  /** Whether the query is one run of the text so far. */
  let run = true;
  for (let k = 0; k < q.length; k++) {
    const queryChar = q[k];
    if (!queryChar) return Number.NaN;
    const char = queryChar.char;
    const last = k === q.length - 1;
    let found = -1;
    let width: 0 | 1 | 2 = 0;
    for (let i = next; i < units.length; i++) {
      const w = meets(queryChar, last, units, i);
      if (w === 0) continue;
      if (found < 0) {
        found = i;
        width = w;
        if (!prefer || i === previousEnd + 1 || units[i]?.wordStart) break;
        continue;
      }
      if (units[i]?.wordStart) {
        found = i;
        width = w;
        break;
      }
    }
    if (found < 0) return Number.NaN;
    const unit = units[found];
    if (!unit) return Number.NaN;
    score += 1;
    if (unit.char === char) score += 1;
    const consecutive = found === previousEnd + 1 && k > 0;
    if (consecutive) score += 8;
    else if (k > 0) {
      run = false;
      score -= Math.min(found - previousEnd - 1, 10) * 0.5;
    }
    if (unit.wordStart) score += 6;
    if (found === 0) score += 2;
    if (positions) for (let w = 0; w < width; w++) positions.push(units[found + w]?.at ?? 0);
    previousEnd = found + width - 1;
    next = previousEnd + 1;
  }
  // The query as one run of the text (a substring) beats the same letters spread out.
  if (run && q.length > 1) score += 10;
  // A shorter name that matches as well is the better match.
  score -= units.length * 0.02;
  return score;
}

/**
 * Matches `query` against a prepared text; null when it does not match. An empty query
 * matches everything with score 0.
 */
export function matchPrepared(query: string, prepared: Prepared): Match | null {
  const q = queryChars(query);
  if (q.length === 0) return { score: 0, positions: [] };
  return bestWalk(q, prepared.units);
}

/** {@link matchPrepared} for a text not prepared beforehand. */
export function match(query: string, text: string): Match | null {
  return matchPrepared(query, prepare(text));
}

/** What the palette ranks: an id (for the recent list) and the names it is found by. */
export interface Rankable {
  id: string;
  /** The name shown, prepared; matched positions refer to it. */
  name: Prepared;
  /** Other names it is found by (the English title in Korean, the category), prepared. */
  aliases?: readonly Prepared[];
}

/** An entry that matched, with its score. */
export interface Ranked<T extends Rankable> {
  entry: T;
  score: number;
}

/** How much being chosen recently weighs: the most recent gets this, the next less. */
const recentWeight = 30;

/**
 * The entries that match `query`, best first. `recent` is the ids of recent choices, most
 * recent first: they come first for an empty query and weigh in otherwise. Ties keep the
 * entries' order. Aliases count at a small discount. (Positions, for highlighting one entry:
 * {@link matchPrepared}; the ranking keeps to scores so a keystroke allocates little.)
 */
export function rank<T extends Rankable>(
  query: string,
  entries: readonly T[],
  recent: readonly string[] = [],
): Ranked<T>[] {
  const q = queryChars(query);
  const recency = new Map(recent.map((id, index) => [id, recentWeight - index]));
  const out: (Ranked<T> & { order: number })[] = [];
  for (let order = 0; order < entries.length; order++) {
    const entry = entries[order];
    if (!entry) continue;
    let score = q.length === 0 ? 0 : bestScore(q, entry.name.units);
    if (q.length > 0) {
      for (const alias of entry.aliases ?? []) {
        const found = bestScore(q, alias.units) - 1;
        if (!Number.isNaN(found) && (Number.isNaN(score) || found > score)) score = found;
      }
    }
    if (Number.isNaN(score)) continue;
    const bonus = Math.max(recency.get(entry.id) ?? 0, 0);
    out.push({ entry, score: score + bonus, order });
  }
  out.sort((a, b) => b.score - a.score || a.order - b.order);
  return out.map(({ entry, score }) => ({ entry, score }));
}

/**
 * A {@link rank} for one list of entries as the operator types: when the query only grows
 * (a character added), just the entries the shorter query matched are looked at again, since
 * whatever matches the longer query matches the shorter one (its last character, then no
 * longer last, can only have matched more). Any other edit (a deletion, an input method
 * replacing the syllable it composes: 노 → 녹) looks at every entry. Answers exactly what
 * `rank` answers.
 */
export function createRanker<T extends Rankable>(
  entries: readonly T[],
): (query: string, recent?: readonly string[]) => Ranked<T>[] {
  let lastQuery = '';
  let lastPool: readonly T[] = entries;
  return (query, recent = []) => {
    const normal = queryChars(query)
      .map((c) => c.char)
      .join('');
    const pool = lastQuery !== '' && normal.startsWith(lastQuery) ? lastPool : entries;
    const ranked = rank(query, pool, recent);
    const kept = new Set(ranked.map((r) => r.entry));
    lastQuery = normal;
    // The pool keeps the entries' own order, so ties rank as they would from the full list.
    lastPool = normal === '' ? entries : pool.filter((entry) => kept.has(entry));
    return ranked;
  };
}
