/**
 * A strict check of SRT and WebVTT subtitle text before it is sent (issue "The VOD library":
 * subtitle files validated locally). The renderer runs it on a chosen file and main runs it
 * again on what the renderer sent, so a broken file is refused in the operator's words with
 * the first bad line, and nothing reaches the platform. Files are .srt or .vtt (followed from
 * the public service guide: https://docs.kollus.com/en/service-guide/vod/content/subtitle/).
 *
 * Checked: a WebVTT header (`WEBVTT`, then a blank line or a space/tab and text); every cue has
 * a timing line `start --> end` with `HH:MM:SS,mmm` (SRT) or `[HH:]MM:SS.mmm` (WebVTT), the
 * end after the start and no cue starting before the previous one; SRT cues have a number
 * line and at least one text line. WebVTT NOTE, STYLE and REGION blocks are allowed.
 */

import type { MessageRef } from './i18n/message';

/** Why a subtitle text is refused; `line` is 1-based in the text. */
export type SubtitleProblem =
  | { reason: 'empty' }
  | { reason: 'tooLarge'; maxBytes: number }
  | { reason: 'noCues' }
  | { reason: 'header'; line: number }
  | { reason: 'number'; line: number }
  | { reason: 'timing'; line: number }
  | { reason: 'endBeforeStart'; line: number }
  | { reason: 'outOfOrder'; line: number }
  | { reason: 'noText'; line: number };

/** The result of {@link checkSubtitleText}: the format and cue count, or the first problem. */
export type SubtitleCheck =
  { ok: true; format: 'srt' | 'vtt'; cues: number } | { ok: false; problem: SubtitleProblem };

/**
 * Largest subtitle text, bytes of UTF-8: the platform takes at most 1,400,000 Base64
 * characters for a file (vod-v3.yaml, uploadSubtitle), i.e. 1,050,000 bytes.
 */
export const maxSubtitleBytes = 1_050_000;

const srtTime = /^(\d{2,}):([0-5]\d):([0-5]\d),(\d{3})$/;
const vttTime = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

/** Checks SRT or WebVTT text (WebVTT when it starts with `WEBVTT`, as the platform decides). */
export function checkSubtitleText(raw: string): SubtitleCheck {
  const text = raw.replace(/^\uFEFF/, '');
  if (text.trim() === '') return { ok: false, problem: { reason: 'empty' } };
  if (new TextEncoder().encode(text).length > maxSubtitleBytes)
    return { ok: false, problem: { reason: 'tooLarge', maxBytes: maxSubtitleBytes } };
  const lines = text.split(/\r\n|\r|\n/);
  const vtt = text.startsWith('WEBVTT');
  const result = vtt ? checkVtt(lines) : checkSrt(lines);
  if ('reason' in result) return { ok: false, problem: result };
  if (result.cues === 0) return { ok: false, problem: { reason: 'noCues' } };
  return { ok: true, format: vtt ? 'vtt' : 'srt', cues: result.cues };
}

/** The catalogue message of a problem, in the operator's words (`content.problems.*`). */
export function subtitleProblemMessage(problem: SubtitleProblem): MessageRef {
  switch (problem.reason) {
    case 'empty':
    case 'noCues':
      return { key: `content.problems.${problem.reason}` };
    case 'tooLarge':
      return { key: 'content.problems.tooLarge', params: { mb: problem.maxBytes / 1_000_000 } };
    default:
      return { key: `content.problems.${problem.reason}`, params: { line: problem.line } };
  }
}

/** Blocks of non-blank lines, each with the 0-based index of its first line. */
function blocks(lines: string[], from: number): { at: number; lines: string[] }[] {
  const found: { at: number; lines: string[] }[] = [];
  let current: { at: number; lines: string[] } | null = null;
  for (let index = from; index < lines.length; index++) {
    const line = lines[index] ?? '';
    if (line.trim() === '') {
      current = null;
      continue;
    }
    if (current === null) {
      current = { at: index, lines: [] };
      found.push(current);
    }
    current.lines.push(line);
  }
  return found;
}

/** Milliseconds of a cue time, or null when it is not written as the format wants. */
function toMs(value: string, pattern: RegExp): number | null {
  const match = pattern.exec(value.trim());
  if (match === null) return null;
  const [, h, m, s, ms] = match;
  return ((Number(h ?? 0) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms);
}

/** Start and end of a timing line (WebVTT settings after the end are allowed), or null. */
function timing(line: string, pattern: RegExp, settings: boolean): [number, number] | null {
  const parts = line.split('-->');
  if (parts.length !== 2) return null;
  const [left = '', right = ''] = parts;
  const endText = settings ? (right.trim().split(/[ \t]+/)[0] ?? '') : right;
  const start = toMs(left, pattern);
  const end = toMs(endText, pattern);
  return start === null || end === null ? null : [start, end];
}

type Walk = { cues: number } | SubtitleProblem;

/** One cue's timing against the previous cue; `line` is 1-based. */
function checkTiming(
  times: [number, number] | null,
  line: number,
  previousStart: number,
): SubtitleProblem | null {
  if (times === null) return { reason: 'timing', line };
  if (times[1] <= times[0]) return { reason: 'endBeforeStart', line };
  if (times[0] < previousStart) return { reason: 'outOfOrder', line };
  return null;
}

function checkSrt(lines: string[]): Walk {
  let previousStart = 0;
  let cues = 0;
  for (const block of blocks(lines, 0)) {
    const [number = '', timeLine = '', ...textLines] = block.lines;
    if (!/^\d+$/.test(number.trim())) return { reason: 'number', line: block.at + 1 };
    const times = timing(timeLine, srtTime, false);
    const problem = checkTiming(times, block.at + 2, previousStart);
    if (problem !== null) return problem;
    if (textLines.length === 0) return { reason: 'noText', line: block.at + 2 };
    previousStart = times?.[0] ?? previousStart;
    cues += 1;
  }
  return { cues };
}

function checkVtt(lines: string[]): Walk {
  const header = lines[0] ?? '';
  if (!/^WEBVTT(?:[ \t].*)?$/.test(header)) return { reason: 'header', line: 1 };
  let previousStart = 0;
  let cues = 0;
  for (const block of blocks(lines, 1)) {
    const [first = ''] = block.lines;
    // The header's own lines (metadata) run until the first blank line.
    if (block.at === 1) continue;
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first)) continue;
    // A cue may start with an identifier line, then its timing line; a block with neither is
    // a broken timing line at its first line.
    const timingAt = !first.includes('-->') && block.lines[1]?.includes('-->') ? 1 : 0;
    const times = timing(block.lines[timingAt] ?? '', vttTime, true);
    const problem = checkTiming(times, block.at + timingAt + 1, previousStart);
    if (problem !== null) return problem;
    previousStart = times?.[0] ?? previousStart;
    cues += 1;
  }
  return { cues };
}
