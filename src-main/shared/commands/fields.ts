/**
 * zod schemas of fields several domains' commands share. Messages stay literal English at the
 * call site: each has its catalogue entry in i18n/errors.ts `validation` (catalogues.test.ts
 * reads them from these declarations).
 */
import { z } from 'zod';

/** A platform key (channel, broadcast, media): letters, digits, - and _. */
export const key = z
  .string()
  .trim()
  .min(1, 'A key is required.')
  .max(64, 'That key is too long.')
  .regex(/^[A-Za-z0-9_-]+$/, 'Keys contain only letters, digits, - and _.');

/** ISO-8601 time with an offset, e.g. `2026-11-20T21:05:00Z`. */
export const isoTime = z.iso.datetime({
  offset: true,
  message: 'Give a time like 2026-11-20T21:05:00Z.',
});

/** A UTC day, `YYYY-MM-DD` (an event day, a schedule's or a recording filter's day). */
export const isoDay = z.iso.date({ message: 'Give a day like 2026-11-20.' });

/** A command that takes no input. */
export const noInput = z.object({});

/** A command about one channel of either API. */
export const channelInput = z.object({ channelKey: key });

/** A platform id of a sub-resource (syndication, destination, chatting service, skin). */
export const positiveId = z.number().int().positive('An id is a positive whole number.');

/** A search keyword (the spec's `keyword` filter), trimmed. */
export const searchKeyword = z.string().trim().max(100, 'Search for at most 100 characters.');

/** The spec's paging query (live-v1.yaml and vod-v3.yaml): `page` from 1, `per_page` 1 to 100. */
export const pageNumber = z.number().int().min(1);
export const pageSize = z.number().int().min(1).max(100);

/** A trimmed text the operator must give: `required` when empty, `tooLong` past `max` characters. */
export function requiredText(max: number, required: string, tooLong: string) {
  return z.string().trim().min(1, required).max(max, tooLong);
}

/**
 * Not plain text: C0 and C1 control characters, DEL, bidirectional marks, embeddings,
 * overrides and isolates, line and paragraph separators. In a name they reorder or break a
 * log line, the journal, its CSV or the Activity view (docs/security.md, seat names).
 */
export const notPlainText =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

/** `text` with every {@link notPlainText} character replaced by U+FFFD (the replacement mark). */
export function madePlainText(text: string): string {
  return text.replace(new RegExp(notPlainText.source, 'gu'), '\ufffd');
}

/** A whole number from `min` to `max`; one `message` for every way it can be wrong. */
export function wholeNumber(min: number, max: number, message: string) {
  return z.number().int(message).min(min, message).max(max, message);
}
