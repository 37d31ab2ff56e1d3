/**
 * The workstation's own state (`workstation.state`, pushed as `workstation.changed`): the
 * keep-awake and the tokens that expire soon, for the status bar badges and Accounts.
 */
import { queryOptions, type QueryClient } from '@tanstack/svelte-query';
import type { TokenExpiry } from '../../../src-main/shared/workstation-model';
import { t } from '../../i18n/i18n.svelte';
import { call, desk } from '../bridge';
import { formatUtcDay } from '../format';

const workstationKey = ['workstation'] as const;

export const workstationQuery = () =>
  queryOptions({
    queryKey: workstationKey,
    queryFn: ({ signal }) => call('workstation.state', {}, { signal }),
    staleTime: Infinity,
  });

/** Keeps the cached state as main pushes it; answers the function that stops listening. */
export function followWorkstation(client: QueryClient): () => void {
  return desk.on('workstation.changed', (state) => client.setQueryData(workstationKey, state));
}

const utcMinute = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * One expiring token in the operator's words: account, API, when (UTC day and minute) and the
 * workspaces it breaks.
 */
export function tokenDetailText(token: TokenExpiry): string {
  const when = `${formatUtcDay(token.expiresAt)} ${utcMinute.format(new Date(token.expiresAt))}`;
  return t(
    token.threshold === 0 ? 'workstation.tokens.detailExpired' : 'workstation.tokens.detail',
    {
      account: token.accountName,
      api: t(`workstation.tokens.api.${token.kind}`),
      when,
      workspaces:
        token.workspaces.length > 0
          ? token.workspaces.join(', ')
          : t('workstation.tokens.noWorkspace'),
    },
  );
}

/** The badge's short words for one token: within 7 days, within a day, expired. */
export function tokenBadgeText(token: TokenExpiry): string {
  return t(`workstation.tokens.badge${token.threshold}`, { account: token.accountName });
}
