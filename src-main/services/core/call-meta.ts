/**
 * The meta a page sends with a command (the browser host's request body, Electron's IPC
 * argument), read as untrusted: a page may say it was a button, a key or the palette, and
 * carry a confirmation; it can never claim to be a panel, a seat or the app itself (those
 * ways in are set by their own adapters in main).
 */
import { z } from 'zod';
import type { Confirmation, WayIn } from '../../shared/commands/define';

const pageMeta = z.object({
  via: z.enum(['button', 'key', 'palette']).optional().catch(undefined),
  confirmation: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('again') }),
      z.object({ kind: z.literal('typed') }),
      z.object({ kind: z.literal('override') }),
    ])
    .optional()
    .catch(undefined),
});

/** The way in and confirmation a page's call carries; anything malformed is left out. */
export function pageCallMeta(raw: unknown): { via: WayIn; confirmation?: Confirmation } {
  const parsed = pageMeta.safeParse(raw ?? {});
  const meta = parsed.success ? parsed.data : {};
  return {
    via: meta.via ?? 'button',
    ...(meta.confirmation ? { confirmation: meta.confirmation } : {}),
  };
}
