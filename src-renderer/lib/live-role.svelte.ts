/**
 * The live token's role where operators work (issue 21, part 5): Schedule and Uploads read
 * it before anything is sent, from the same cached contract read as the Channels view
 * (`channels.access`: GET contracts answered = super administrator, 403 = administrator).
 * Program edits, program-media uploads and waiting-screen changes are the super
 * administrator's (spec, Endpoints); with an administrator's token they are shown disabled.
 */
import { createQuery } from '@tanstack/svelte-query';
import { workspaceStateQuery } from './queries/accounts';
import { accessQuery } from './queries/channels';

/** What a view knows of the live token's role. */
export interface LiveRole {
  /** The token is known to be an administrator's: the super administrator's changes are off. */
  readonly adminOnly: boolean;
  /**
   * The role has been read, or cannot be (no live account, or the read failed: the platform
   * then decides each call). False only while the read is under way.
   */
  readonly settled: boolean;
}

/**
 * Reads the live token's role while the workspace has a live account (one call per workspace:
 * the answer is kept until the workspace changes). Call during component initialisation.
 */
export function useLiveRole(): LiveRole {
  const workspace = createQuery(() => workspaceStateQuery());
  const hasLive = $derived(workspace.data?.active.apis.live === true);
  const access = createQuery(() => ({ ...accessQuery(), enabled: hasLive }));
  return {
    get adminOnly() {
      return hasLive && access.data?.role === 'admin';
    },
    get settled() {
      return workspace.isSuccess && (!hasLive || !access.isPending);
    },
  };
}
