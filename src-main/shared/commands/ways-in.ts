/**
 * What each way in may run: one table in code, read by the pipeline before anything else
 * (docs/dev/architecture.md, "Commands, and every way in"; docs/security.md, "Ways in"; issue 32 §1).
 * A call passes through every door it came by: a panel press on a seat is a seat's call and a
 * panel's call, and must be allowed by both rows. What no row allows is refused in the
 * operator's words (`pipeline.*`), journaled with `sent: false`, and nothing runs.
 *
 * | door          | scopes                | effects   | secrets | also                        |
 * |---------------|-----------------------|-----------|---------|-----------------------------|
 * | desk          | all                   | all       | yes     | the desk's buttons, keys, palette, and the app itself |
 * | panel         | platform, workstation | all       | yes     | `offer.panel` and ticked for that panel |
 * | operator seat | platform              | all       | yes     |                             |
 * | observer seat | platform              | read      | no      |                             |
 * | backup        | none                  |           |         | only its follow routes (follow-routes.ts), never the pipeline |
 *
 * A seat's role is the hub's: the one it gave at pairing (`CallContext.seatRole`, set by the
 * hub from its registry, never from what the seat says). The table is pure and shared: a seat's
 * pages read it too (`seatRefusal`), to offer disabled what the hub would refuse.
 */
import { commandTextKeys } from '../command-texts';
import type { CommandName } from '../bridge';
import type { CommandDecl, CommandEffect, CommandScope, WayIn } from './define';
import { say } from '../i18n/say';
import type { MessageKey, MessageRef } from '../i18n/message';
import type { DeskError } from '../result';
import type { SeatRole } from '../studio-model';

/** A row of the table: who a call came from, as far as what it may run goes. */
export type Door = 'desk' | 'panel' | 'operatorSeat' | 'observerSeat' | 'backup';

/** What a door lets through. */
export interface DoorRule {
  /** The scopes of the commands it may run (`CommandDecl.scope`). */
  scopes: readonly CommandScope[];
  /** Their effects. */
  effects: readonly CommandEffect[];
  /** Whether it may run a command that shows a secret (`reveals: true`). */
  secrets: boolean;
  /** Whether the command must be offered to panels and ticked for the panel that sent it. */
  ticked: boolean;
}

const allScopes = ['platform', 'workstation', 'hub'] as const;
const allEffects = ['read', 'change', 'destructive'] as const;

/** The table: what each door may run; `null`: nothing through the pipeline. */
export const waysInTable: Readonly<Record<Door, DoorRule | null>> = {
  desk: { scopes: allScopes, effects: allEffects, secrets: true, ticked: false },
  panel: { scopes: ['platform', 'workstation'], effects: allEffects, secrets: true, ticked: true },
  operatorSeat: { scopes: ['platform'], effects: allEffects, secrets: true, ticked: false },
  observerSeat: { scopes: ['platform'], effects: ['read'], secrets: false, ticked: false },
  backup: null,
};

/** How a call came, as the table reads it (the parts of `CallContext` it needs). */
export interface Caller {
  via?: WayIn;
  /** The seat's role as the hub paired it; absent: not from a seat. */
  seatRole?: SeatRole;
  /** For a panel's call: the commands the operator ticked for that panel; absent: none. */
  panelCommands?: readonly string[];
}

/**
 * The doors a call passes: its seat's (by the role the hub knows; a call that says `seat`
 * without one counts as an observer's), and a panel's when a panel sent it; the desk's own
 * otherwise.
 */
export function doorsOf(caller: Caller): Door[] {
  const doors: Door[] = [];
  if (caller.seatRole !== undefined || caller.via === 'seat')
    doors.push(
      caller.seatRole === 'operator'
        ? 'operatorSeat'
        : caller.seatRole === 'backup'
          ? 'backup'
          : 'observerSeat',
    );
  if (caller.via === 'panel') doors.push('panel');
  return doors.length > 0 ? doors : ['desk'];
}

/**
 * Why `name` may not run for `caller` (the first door that refuses it), in the operator's
 * words, or null when every door it passed lets it through.
 */
export function wayInRefusal(
  name: CommandName,
  decl: CommandDecl,
  caller: Caller,
): DeskError | null {
  const command: MessageRef = { key: commandTextKeys(name).title as MessageKey };
  for (const door of doorsOf(caller)) {
    const rule = waysInTable[door];
    if (rule === null) return { code: 'forbidden', ...say('pipeline.backupNoCommands') };
    const seat = door === 'operatorSeat' || door === 'observerSeat';
    if (!rule.scopes.includes(decl.scope)) {
      if (door === 'panel')
        return { code: 'forbidden', ...say('pipeline.notForPanels', { command }) };
      const key =
        decl.scope === 'workstation' ? 'pipeline.seatWorkstation' : 'pipeline.seatHubOnly';
      return { code: 'forbidden', ...say(key, { command }) };
    }
    if (!rule.effects.includes(decl.effect))
      return { code: 'forbidden', ...say('pipeline.observerSeat', { command }) };
    if (decl.reveals && !rule.secrets)
      return {
        code: 'forbidden',
        ...say(seat ? 'pipeline.observerReveal' : 'pipeline.notForPanels', { command }),
      };
    if (rule.ticked) {
      if (decl.offer?.panel !== true)
        return { code: 'forbidden', ...say('pipeline.notForPanels', { command }) };
      if (!caller.panelCommands?.includes(name))
        return { code: 'forbidden', ...say('pipeline.panelNotTicked', { command }) };
    }
  }
  return null;
}

/**
 * Why a desk joined to a hub as a seat of `role` may not run `name` from its own pages (their
 * buttons, keys, palette), or null when it may: the seat's own commands (`workstation` scope)
 * run on the seat and never reach the hub; every other one goes to the hub, which decides by
 * {@link wayInRefusal} with the role it paired the seat with. The pages offer by this, so they
 * and the hub cannot disagree; the hub still decides every call.
 */
export function seatRefusal(
  name: CommandName,
  decl: CommandDecl,
  role: SeatRole,
): DeskError | null {
  if (decl.scope === 'workstation') return null;
  return wayInRefusal(name, decl, { seatRole: role });
}
