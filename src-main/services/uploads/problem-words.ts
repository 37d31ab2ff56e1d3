/**
 * An upload problem in the operator's words: what happened and the next step, each as
 * English text (the queue file, the log) and as a catalogue message the renderer shows in
 * the operator's language (src-main/shared/i18n, `uploadProblem.*` and `uploadNext.*`).
 */
import type { MessageKey, MessageParams, MessageRef } from '../../shared/i18n/message';
import { englishText } from '../../shared/i18n/say';
import type { UploadProblem, UploadProblemCode, UploadTarget } from '../../shared/uploads';

/** A problem from two catalogue messages: what happened, and what the operator does next. */
export function problem(
  code: UploadProblemCode,
  what: MessageRef,
  next: MessageRef,
): UploadProblem {
  return {
    code,
    message: englishText(what.key, what.params),
    nextStep: englishText(next.key, next.params),
    text: what,
    nextText: next,
  };
}

/** Shorthand for a catalogue message. */
export function m(key: MessageKey, params?: MessageParams): MessageRef {
  return params ? { key, params } : { key };
}

/** A file refused before queueing: `reason` in English and its catalogue message. */
export function refusalWords(
  key: MessageKey,
  params?: MessageParams,
): { reason: string; text: MessageRef } {
  return { reason: englishText(key, params), text: m(key, params) };
}

/** Sets a file's note (what happened on the way, not a problem) in both forms. */
export function setNote(
  record: { note: string | null; noteText?: MessageRef | null },
  text: MessageRef,
): void {
  record.note = englishText(text.key, text.params);
  record.noteText = text;
}

/** Where files go, as the operator reads it: `Program media`, `VOD · category 1a2b`. */
export function targetWords(target: UploadTarget): MessageRef {
  if (target.kind === 'program-media') return m('uploadNotice.targetProgramMedia');
  if (target.kind === 'waiting-screen') return m('uploadNotice.targetWaitingScreens');
  return target.categoryKey
    ? m('uploadNotice.targetVodCategory', { key: target.categoryKey })
    : m('uploadNotice.targetVod');
}

/** What the operator reads as the target in English, e.g. "VOD · category 1a2b", "Program media". */
export function targetLabel(target: UploadTarget): string {
  const words = targetWords(target);
  return englishText(words.key, words.params);
}
