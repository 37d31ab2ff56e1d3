/**
 * How a view offers a command: enabled, or disabled with the reason in the operator's words,
 * from the same declaration main's pipeline guards it by (at a seat, the hub's ways-in table;
 * then API, role, precondition). A view
 * never decides this on its own: what main would refuse is offered disabled here, with the
 * words main would use. Main checks again whatever the view shows.
 */
import { commands, type CommandName } from '../../src-main/shared/bridge';
import { commandTextKeys } from '../../src-main/shared/command-texts';
import type { CommandDecl } from '../../src-main/shared/commands/define';
import { seatRefusal } from '../../src-main/shared/commands/ways-in';
import {
  freshForPreconditionMs,
  preconditionRefusal,
} from '../../src-main/shared/commands/preconditions';
import type { MessageKey, MessageRef } from '../../src-main/shared/i18n/message';
import { pipeline as pipelineTexts } from '../../src-main/shared/i18n/en/pipeline';
import type { Broadcast, WorkspaceState } from '../../src-main/shared/model';
import type { SeatRole } from '../../src-main/shared/studio-model';
import { tMessage } from '../i18n/i18n.svelte';

/** A command as a view offers it. */
export interface CommandOffer {
  enabled: boolean;
  /** Why it is disabled, in the operator's language; null when enabled. */
  reason: string | null;
  /** Its title in the operator's language. */
  title: string;
}

/** What a view knows when it offers a command. */
export interface OfferContext {
  /** The open workspace (`workspace.state`); undefined while it is being read. */
  workspace: WorkspaceState | undefined;
  /** The targeted broadcast and when it was read (epoch ms), for broadcast commands. */
  broadcast?: { data: Broadcast; fetchedAt: number } | undefined;
  /** Now, epoch ms (the display clock). */
  now: number;
  /**
   * This desk's role as a seat of a hub (`studio.status`'s `seat.role`); absent or null: not a
   * seat (the desk's own ways in run every command).
   */
  seatRole?: SeatRole | null | undefined;
}

/**
 * The declaration's verdict on `name` in `context`.
 * @param input what the command would be sent with, for a command whose roles depend on it
 *   (`rolesFor`, e.g. an upload's kind); without it the command's own `roles` decide.
 */
export function offerOf(name: CommandName, context: OfferContext, input?: unknown): CommandOffer {
  const decl = commands[name] as CommandDecl;
  const titleRef: MessageRef = { key: commandTextKeys(name).title as MessageKey };
  const title = tMessage(titleRef);
  // The view says why before anything is tried, so without main's "nothing was sent".
  const refused = (ref: MessageRef): CommandOffer => ({
    enabled: false,
    reason: tMessage(offerReason(ref)),
    title,
  });
  // A seat's call is the hub's to allow first (shared/commands/ways-in.ts), whatever its token.
  if (context.seatRole) {
    const closed = seatRefusal(name, decl, context.seatRole);
    if (closed) return refused(closed.text ?? { key: 'errors.internal' });
  }
  const workspace = context.workspace;
  if (workspace) {
    const apis = workspace.active.apis;
    if (decl.api === 'live' && !apis.live) return refused({ key: 'pipeline.offer.noLiveApi' });
    if (decl.api === 'vod' && !apis.vod) return refused({ key: 'pipeline.offer.noVodApi' });
    const roles = decl.rolesFor && input !== undefined ? decl.rolesFor(input) : decl.roles;
    if (workspace.role !== null && !decl.learnsRole && roles && !roles.includes(workspace.role))
      return refused({ key: 'pipeline.superAdminOnly', params: { command: titleRef } });
  }
  if (decl.precondition) {
    const known = context.broadcast;
    const fresh = known && context.now - known.fetchedAt <= freshForPreconditionMs;
    const refusal = preconditionRefusal(
      decl.precondition,
      {
        workspaceKind: workspace?.active.kind ?? 'sandbox',
        broadcast: fresh ? known.data : undefined,
      },
      name,
    );
    if (refusal) return refused(refusal);
  }
  return { enabled: true, reason: null, title };
}

/** Main's refusal (`pipeline.<reason>`) as the view's reason (`pipeline.offer.<reason>`). */
function offerReason(ref: MessageRef): MessageRef {
  const reason = ref.key.startsWith('pipeline.') ? ref.key.slice('pipeline.'.length) : '';
  return reason in pipelineTexts.pipeline.offer
    ? { key: `pipeline.offer.${reason}` as MessageKey }
    : ref;
}
