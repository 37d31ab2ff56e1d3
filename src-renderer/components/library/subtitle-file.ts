/**
 * Reads a chosen subtitle file and checks it before anything is sent: a .srt or .vtt name,
 * UTF-8 text, and strict cue timings (shared/subtitle-text.ts). Answers the text, or the
 * operator-facing message of the first problem.
 */
import { checkSubtitleText, subtitleProblemMessage } from '../../../src-main/shared/subtitle-text';
import { t, tMessage } from '../../i18n/i18n.svelte';

/** A checked file: its text, format and cue count; or why it cannot be sent. */
export type ReadSubtitle =
  | { ok: true; fileName: string; text: string; format: 'srt' | 'vtt'; cues: number }
  | { ok: false; message: string };

/** Reads and checks `file`; never throws. */
export async function readSubtitleFile(file: File): Promise<ReadSubtitle> {
  if (!/\.(srt|vtt)$/i.test(file.name))
    return { ok: false, message: t('content.problems.wrongExtension') };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return { ok: false, message: t('content.problems.notText') };
  }
  return checkText(text, file.name);
}

/** Checks typed or read text; `fileName` names it in the answer. */
export function checkText(text: string, fileName = ''): ReadSubtitle {
  const check = checkSubtitleText(text);
  if (!check.ok) return { ok: false, message: tMessage(subtitleProblemMessage(check.problem)) };
  return { ok: true, fileName, text, format: check.format, cues: check.cues };
}
