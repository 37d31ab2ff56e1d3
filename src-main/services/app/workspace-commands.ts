/**
 * Handlers of the accounts-and-workspaces commands (`shared/commands/workspaces.ts`): the
 * open workspace and its budget, switching, the accounts of this workstation (tokens go to
 * the OS keychain, never into an answer) and the operator's notices.
 */
import { workspaceCommands } from '../../shared/commands/workspaces';
import type { AccessChecker, AccountRegistry } from '../workspaces/accounts';
import { registerHandlers } from '../core/command-registry';
import type { Notices } from './notices';
import { renewSandboxToken } from '../workspaces/workspace';
import type { WorkspaceLifecycle } from './workspace-lifecycle';
import type { WorkspacePairs } from '../workspaces/workspace-pairs';

/** What the accounts-and-workspaces handlers work on. */
export interface WorkspaceCommandDeps {
  lifecycle: WorkspaceLifecycle;
  registry: AccountRegistry;
  pairs: WorkspacePairs;
  /** Checks a token with one call before it is stored. */
  checker: AccessChecker;
  notices: Notices;
  log: (message: string) => void;
}

/** The accounts-and-workspaces domain, registered. */
export function workspaceHandlers(deps: WorkspaceCommandDeps) {
  const { lifecycle, registry, pairs, checker, notices, log } = deps;
  return registerHandlers(workspaceCommands, {
    'workspace.get': (_input, { session }) => session.workspace.info,
    'workspace.state': () => lifecycle.state(),
    'workspace.switch': ({ id }) => lifecycle.switchTo(id),
    'workspace.pair': async ({ liveAccountId, vodAccountId }) => {
      const pair = await pairs.pair(liveAccountId, vodAccountId);
      log(`workspace paired: ${pair.id} (${liveAccountId} + ${vodAccountId})`);
      await lifecycle.follow();
      return lifecycle.state();
    },
    'workspace.unpair': async ({ id }) => {
      if (await pairs.unpair(id)) {
        log(`workspace unpaired: ${id}`);
        await lifecycle.follow();
      }
      return lifecycle.state();
    },
    'budget.get': (_input, { session }) => session.budgets(),
    'account.list': () => registry.list(),
    'account.keychain': () => registry.keychainStatus(),
    'account.add': async (input) => {
      const account = await registry.add(input, checker);
      log(`account added: ${account.name} (${account.kind}, ${account.baseUrl})`);
      lifecycle.announce();
      return account;
    },
    'account.remove': async ({ id }) => {
      if (!registry.get(id)) return { removed: false };
      // Its pair goes first, and the open workspace moves off the account before its token does.
      const pair = await pairs.forgetAccount(id);
      if (pair) log(`workspace unpaired: ${pair.id} (account ${id} removed)`);
      await lifecycle.follow(id);
      const removed = await registry.remove(id);
      if (removed) log(`account removed: ${id}`);
      lifecycle.announce();
      return { removed };
    },
    'account.updateToken': async ({ id, token }) => {
      // The sandbox's token is not in the keychain: the banner renews it in memory.
      const account =
        id === 'sandbox'
          ? await renewSandboxToken(lifecycle.sandbox, token, checker)
          : await registry.updateToken(id, token, checker);
      const open = lifecycle.session.workspace;
      if (open.info.accounts.live === id) open.role.learn(account.access.role);
      lifecycle.tokenReplaced(id);
      return account;
    },
    'app.notices': () => notices.list(),
  });
}
