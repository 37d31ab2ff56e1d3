/**
 * How main writes a message for the operator: the English text (for the log and for
 * callers that read `message`) together with its catalogue key and parameters, which the
 * renderer shows in the operator's language. Messages the platform wrote are never passed
 * through here: they reach the operator as the platform wrote them.
 */
import { z } from 'zod';
import { createI18n } from './index';
import { resolveParams, type MessageKey, type MessageParams, type MessageRef } from './message';
import { en } from './en';

const english = createI18n('en');
const translate = english.t as unknown as (key: string, params?: object) => string;

/** A catalogue message as English text, e.g. for a log line. */
export function englishText(key: MessageKey, params?: MessageParams): string {
  return translate(
    key,
    resolveParams(params, (m) => englishText(m.key, m.params)),
  );
}

/** `{ message, text }`: spread into a DeskError, a notice or an upload problem. */
export function say(
  key: MessageKey,
  params?: MessageParams,
): { message: string; text: MessageRef } {
  return { message: englishText(key, params), text: params ? { key, params } : { key } };
}

/** Reads a stored catalogue message back (settings files): a known key, params as saved. */
export const messageRefSchema = z.custom<MessageRef>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { key?: unknown }).key === 'string' &&
    english.exists((value as { key: string }).key),
);

const validationKeys = new Map<string, MessageKey>(
  Object.entries(en.validation).map(([key, text]) => [text, `validation.${key}` as MessageKey]),
);

/**
 * The catalogue message of a validation message written in English in the bridge's zod
 * schemas (src-main/shared/bridge.ts keeps plain English strings), or null when the text is
 * not in the `validation` catalogue.
 */
export function validationText(message: string): MessageRef | null {
  const key = validationKeys.get(message);
  return key ? { key } : null;
}
