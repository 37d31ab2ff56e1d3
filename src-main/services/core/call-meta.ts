/**
 * The meta a page sends with a command (the browser host's request body, Electron's IPC
 * argument), read as untrusted: a page may say it was a button, a key or the palette, and
 * carry a confirmation; it can never claim to be a panel, a seat or the app itself (those
 * ways in are set by their own adapters in main).
 */
import { z } from 'zod';
import type { Confirmation, WayIn } from '../../shared/commands/define';
import { madePlainText } from '../../shared/commands/fields';

/** A seat's own way in: what its operator pressed on the seat (never `seat` or `app`). */
const seatWayIn = z.enum(['button', 'key', 'palette', 'panel']);

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

const seatMeta = z.object({
  via: seatWayIn.optional().catch(undefined),
  // A panel's name as Settings → Panels keeps it (at most 60 characters), made plain: the seat
  // sent it, and it goes into the hub's journal (fields.ts, `notPlainText`).
  panel: z.string().trim().min(1).max(60).transform(madePlainText).optional().catch(undefined),
  panelCommands: z.array(z.string().max(80)).max(300).optional().catch(undefined),
});

/**
 * The way in a studio seat's call says it came by on the seat (its body beside `input`,
 * services/studio/seat.ts): a button, a key, the palette or one of the seat's panels (with its
 * name and the commands ticked for it, the seat's own setting). The hub journals it so and
 * applies the ways-in table to it as well as to the seat's role, which the hub knows from
 * pairing and never takes from the seat. A seat that says nothing is `seat`; anything
 * malformed is left out.
 */
export function seatCallMeta(raw: unknown): {
  via: WayIn;
  confirmation?: Confirmation;
  panel?: string;
  panelCommands?: readonly string[];
} {
  const { confirmation } = pageCallMeta(raw);
  const parsed = seatMeta.safeParse(raw ?? {});
  const meta = parsed.success ? parsed.data : {};
  const via: WayIn = meta.via ?? 'seat';
  return {
    via,
    ...(confirmation ? { confirmation } : {}),
    ...(via === 'panel' && meta.panel ? { panel: meta.panel } : {}),
    ...(via === 'panel' && meta.panelCommands ? { panelCommands: meta.panelCommands } : {}),
  };
}
