/**
 * The live token's role where operators work: Schedule and Uploads know it
 * before anything is sent, and offer the super administrator's commands (program edits,
 * program-media uploads and deletes, waiting-screen changes: spec, Endpoints) disabled with
 * the reason main's pipeline would give (`offerOf`, from the commands' declared roles).
 *
 * The role is the workspace's (`workspace.state`'s `role`: learned by main from the access
 * check when the token was added, and from every contract read). While main does not know it
 * (the sandbox workspace before its first contract read), it is read once with
 * `channels.access` (GET contracts answered = super administrator, 403 = administrator),
 * which main learns from too.
 */
import { createQuery } from '@tanstack/svelte-query';
import type { CommandName } from '../../src-main/shared/bridge';
import type { WorkspaceState } from '../../src-main/shared/model';
import { offerOf, type CommandOffer } from './command-state';
import { displayClock } from './clock.svelte';
import { workspaceStateQuery } from './queries/accounts';
import { accessQuery } from './queries/channels';
import { seatRoleQuery } from './queries/studio';

/** What a view knows of the live token's role. */
export interface LiveRole {
  /** The token is known to be an administrator's: the super administrator's changes are off. */
  readonly adminOnly: boolean;
  /**
   * The role is known, or cannot be (no live account, or the read failed: the platform then
   * decides each call). False only while the read is under way.
   */
  readonly settled: boolean;
  /**
   * How the view offers `name`: from its declaration, with the role as known here; `input`
   * for a command whose roles depend on it (`rolesFor`, e.g. an upload's kind).
   */
  offer(name: CommandName, input?: unknown): CommandOffer;
}

/**
 * Follows the live token's role of the open workspace, reading it once when main does not
 * know it yet. Call during component initialisation.
 */
export function useLiveRole(): LiveRole {
  const workspace = createQuery(() => workspaceStateQuery());
  const seat = createQuery(() => seatRoleQuery());
  const hasLive = $derived(workspace.data?.active.apis.live === true);
  const known = $derived(workspace.data?.role ?? null);
  const access = createQuery(() => ({ ...accessQuery(), enabled: hasLive && known === null }));
  /** The workspace with the role as best known: main's, or the one just read. */
  const state = $derived<WorkspaceState | undefined>(
    workspace.data && { ...workspace.data, role: known ?? access.data?.role ?? null },
  );
  return {
    get adminOnly() {
      return hasLive && state?.role === 'admin';
    },
    get settled() {
      return workspace.isSuccess && (!hasLive || known !== null || !access.isPending);
    },
    offer(name, input) {
      return offerOf(
        name,
        { workspace: state, seatRole: seat.data ?? null, now: displayClock.now },
        input,
      );
    },
  };
}
