/**
 * The guards of the one command pipeline (docs/architecture.md, "Commands, and every way in"),
 * between input validation and the budget: the workspace has the API, the token's role allows the
 * command, its precondition holds, and a destructive command carries its confirmation. Each
 * refusal comes before any platform call, in the operator's words, whatever the way in
 * (button, key, palette, panel or seat): the adapters differ, the pipeline does not. Which
 * commands a way in may run at all is the ways-in table's (ways-in.ts), read first.
 */
import { commandTextKeys } from '../../shared/command-texts';
import type { CommandName } from '../../shared/bridge';
import type { CommandDecl, Confirmation } from '../../shared/commands/define';
import { freshForPreconditionMs, preconditionRefusal } from '../../shared/commands/preconditions';
import { say } from '../../shared/i18n/say';
import type { MessageKey, MessageRef } from '../../shared/i18n/message';
import type { DeskError } from '../../shared/result';
import type { Session } from '../app/session';

/**
 * Why the pipeline refuses `name` on `input` before any platform call, or null when it may
 * go on to the budget and its handler.
 * @param input the validated input.
 * @param confirmation what the way in carried.
 * @param session the open workspace's session.
 * What the way in may run at all (a panel, a seat, an observer) is decided before this, by the
 * ways-in table (ways-in.ts).
 */
export function refusalBeforeSending(
  name: CommandName,
  decl: CommandDecl,
  input: unknown,
  confirmation: Confirmation | undefined,
  session: Session,
): DeskError | null {
  const { workspace } = session;
  const title: MessageRef = { key: commandTextKeys(name).title as MessageKey };

  if (decl.api === 'live' && !workspace.info.apis.live)
    return { code: 'api-missing', ...say('errors.noLiveApi') };
  if (decl.api === 'vod' && !workspace.info.apis.vod)
    return { code: 'api-missing', ...say('errors.noVodApi') };

  const role = workspace.info.apis.live ? workspace.role.get() : null;
  const roles = decl.rolesFor ? decl.rolesFor(input) : decl.roles;
  if (role !== null && !decl.learnsRole && roles && !roles.includes(role))
    return { code: 'forbidden', ...say('pipeline.superAdminOnly', { command: title }) };

  if (decl.precondition) {
    const key = broadcastKeyOf(input);
    const known = key === null ? undefined : session.controlRoom.knownBroadcast(key);
    const fresh = known && session.clock.now() - known.fetchedAt <= freshForPreconditionMs;
    const refusal = preconditionRefusal(
      decl.precondition,
      {
        workspaceKind: workspace.info.kind,
        broadcast: fresh ? known.data : undefined,
      },
      name,
    );
    if (refusal) return { code: 'conflict', ...sayRef(refusal, title) };
  }

  // An override is confirmed in a dialog that names the command: a deliberate second press.
  const again = confirmation?.kind === 'again' || confirmation?.kind === 'override';
  if (decl.confirm?.kind === 'again' && !again)
    return { code: 'confirmation-required', ...say('pipeline.confirmAgain', { command: title }) };
  if (decl.confirm?.kind === 'typed') {
    const typed = (input as Record<string, unknown> | null)?.[decl.confirm.field];
    if (confirmation?.kind !== 'typed' || typeof typed !== 'string' || typed.trim() === '')
      return { code: 'confirmation-required', ...say('pipeline.confirmTyped', { command: title }) };
  }
  return null;
}

/** The broadcast a command targets: its `broadcastKey` input field, if any. */
function broadcastKeyOf(input: unknown): string | null {
  const key = (input as Record<string, unknown> | null)?.broadcastKey;
  return typeof key === 'string' ? key : null;
}

/** A precondition's message, its `{command}` the command's title (translated). */
function sayRef(ref: MessageRef, title: MessageRef): { message: string; text: MessageRef } {
  return say(
    ref.key,
    ref.params && 'command' in ref.params ? { ...ref.params, command: title } : ref.params,
  );
}
