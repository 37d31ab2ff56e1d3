/** zod schemas of fields several domains' commands share. */
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

/** A command that takes no input. */
export const noInput = z.object({});
