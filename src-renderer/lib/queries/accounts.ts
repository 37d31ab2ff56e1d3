/** Query options of accounts, workspaces and notices (pushed by main as events). */
import { queryOptions, type QueryClient } from '@tanstack/svelte-query';
import type { Notice, WorkspaceState } from '../../../src-main/shared/model';
import { call, desk } from '../bridge';
import { keys } from './keys';

export const workspaceStateQuery = () =>
  queryOptions({
    queryKey: keys.workspaceState(),
    queryFn: ({ signal }) => call('workspace.state', {}, { signal }),
    staleTime: Infinity,
  });

export const accountsQuery = () =>
  queryOptions({
    queryKey: keys.accounts(),
    queryFn: ({ signal }) => call('account.list', {}, { signal }),
    staleTime: Infinity,
  });

/** Whether real tokens can be kept on this workstation; asked again whenever Accounts opens. */
export const keychainQuery = () =>
  queryOptions({
    queryKey: keys.keychain(),
    queryFn: ({ signal }) => call('account.keychain', {}, { signal }),
    staleTime: 0,
  });

export const noticesQuery = () =>
  queryOptions({
    queryKey: keys.notices(),
    queryFn: ({ signal }) => call('app.notices', {}, { signal }),
    staleTime: Infinity,
  });

/**
 * Follows workspace changes: a switch to another workspace drops every cached platform
 * value (it belonged to the other account); a health change only updates the state.
 * @returns the function that stops listening.
 */
export function connectWorkspaceUpdates(client: QueryClient): () => void {
  const offWorkspace = desk.on('workspace.changed', (next) => {
    const previous = client.getQueryData<WorkspaceState>(keys.workspaceState());
    client.setQueryData(keys.workspaceState(), next);
    void client.invalidateQueries({ queryKey: keys.accounts() });
    if (previous && previous.active.id !== next.active.id) {
      const predicate = (query: { queryKey: readonly unknown[] }) =>
        !['workspace-state', 'accounts', 'notices', 'budget'].includes(String(query.queryKey[0]));
      client.removeQueries({ predicate, type: 'inactive' });
      // A view still on screen must not keep showing the other workspace's data: its query
      // forgets it and reads the new workspace's at once.
      void client.resetQueries({ predicate });
      // The status bar stays on screen: read the new workspace's budgets now (a VOD-only
      // workspace shows no view that would listen to their pushes).
      void client.resetQueries({ queryKey: keys.budget() });
    }
  });
  const offBudget = desk.on('budget.changed', (budgets) =>
    client.setQueryData(keys.budget(), budgets),
  );
  const offNotice = desk.on('app.notice', (notice) =>
    client.setQueryData(keys.notices(), (list: Notice[] | undefined) => [...(list ?? []), notice]),
  );
  return () => {
    offWorkspace();
    offBudget();
    offNotice();
  };
}
