/**
 * Accounts and workspaces: which workspace is open, its token state and API budget, the
 * accounts of this workstation, and the operator's notices (services/workspace-lifecycle.ts,
 * services/accounts.ts, services/notices.ts). Adding an account or a new token checks it
 * with one call at `command` priority on a scheduler of its own.
 */
import { z } from 'zod';
import type {
  AccountSummary,
  BudgetSnapshot,
  KeychainStatus,
  Notice,
  WorkspaceInfo,
  WorkspaceState,
} from '../model';
import {
  anyRole,
  command,
  defineCommands,
  defineEvents,
  event,
  localState,
  returns,
} from './define';
import { noInput, requiredText } from './fields';

const accountName = requiredText(
  60,
  'Give the account a name.',
  'Account names are at most 60 characters.',
);

/** A platform base URL: https, or http on this machine only (a local sandbox). */
const baseUrl = z
  .string()
  .trim()
  .pipe(z.url('Enter the base URL, e.g. https://api-live-kr.kollus.com/api.'))
  .refine((value) => {
    const url = new URL(value);
    return (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    );
  }, 'Use an https:// address (plain http is allowed only for a sandbox on this machine).')
  .transform((value) => value.replace(/\/+$/, ''));

const secret = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Paste the ${what}.`)
    .max(8192, `That ${what} is too long.`)
    .refine((value) => !/\s/.test(value), `A ${what} has no spaces or line breaks.`);

const accountId = z.string().min(1).max(64);

/** Commands of accounts and workspaces. */
export const workspaceCommands = defineCommands({
  'workspace.get': command({
    scope: 'platform',
    input: noInput,
    output: returns<WorkspaceInfo>(),
    priority: 'local',
    category: 'workspaces',
    effect: 'read',
    api: null,
    operations: [],
    roles: anyRole,
  }),
  /** The active workspace, the choices and the token state. */
  'workspace.state': command({
    scope: 'platform',
    input: noInput,
    output: returns<WorkspaceState>(),
    priority: 'local',
    category: 'workspaces',
    effect: 'read',
    api: null,
    operations: [],
    roles: anyRole,
  }),
  'workspace.switch': command({
    scope: 'hub',
    input: z.object({ id: accountId }),
    output: returns<WorkspaceState>(),
    priority: 'local',
    category: 'workspaces',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
    offer: { palette: true },
  }),
  /**
   * Pairs a live account with a VOD account (each in no pair yet): one workspace with both
   * APIs, kept in `workspaces.json`. An open workspace of either account becomes the pair.
   */
  'workspace.pair': command({
    scope: 'hub',
    input: z.object({
      liveAccountId: z.string().min(1, 'Choose a live account.').max(64),
      vodAccountId: z.string().min(1, 'Choose a VOD account.').max(64),
    }),
    output: returns<WorkspaceState>(),
    priority: 'local',
    category: 'workspaces',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
  }),
  /** Undoes a pair: each account is a workspace on its own again (an open pair follows its live account). */
  'workspace.unpair': command({
    scope: 'hub',
    input: z.object({ id: z.string().min(1).max(64) }),
    output: returns<WorkspaceState>(),
    priority: 'local',
    category: 'workspaces',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
  }),
  /** Each API's budget (the status bar's gauge). */
  'budget.get': localState('read', {
    scope: 'platform',
    input: noInput,
    output: returns<BudgetSnapshot[]>(),
  }),
  'account.list': command({
    scope: 'platform',
    input: noInput,
    output: returns<AccountSummary[]>(),
    priority: 'local',
    category: 'workspaces',
    effect: 'read',
    api: null,
    operations: [],
    roles: anyRole,
  }),
  /** Whether real tokens can be kept here (the OS keychain answers), or what to install. */
  'account.keychain': command({
    scope: 'platform',
    input: noInput,
    output: returns<KeychainStatus>(),
    priority: 'local',
    category: 'workspaces',
    effect: 'read',
    api: null,
    operations: [],
    roles: anyRole,
  }),
  /** Checks the token with one cheap call, then keeps it in the OS keychain. */
  'account.add': command({
    scope: 'hub',
    input: z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('live'),
        name: accountName,
        baseUrl,
        serviceAccountKey: requiredText(
          128,
          'Enter the service account key.',
          'That service account key is too long.',
        ).regex(/^[A-Za-z0-9_-]+$/, 'A service account key has only letters, digits, - and _.'),
        token: secret('personal access token'),
      }),
      z.object({
        kind: z.literal('vod'),
        name: accountName,
        baseUrl,
        token: secret('access token'),
      }),
    ]),
    output: returns<AccountSummary>(),
    priority: 'command',
    // The check calls the account being added (live getContract, whose 403 means an
    // administrator; VOD listCountries) on its own scheduler, not the open workspace's: the
    // pipeline has nothing of the workspace to guard, so none is declared.
    category: 'workspaces',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
  }),
  /** Removes an account and its keychain entry; its pair is undone, the other account stays. */
  'account.remove': command({
    scope: 'hub',
    input: z.object({ id: accountId }),
    output: returns<{ removed: boolean }>(),
    priority: 'local',
    // Destructive: the token leaves the OS keychain and must be pasted again.
    category: 'workspaces',
    effect: 'destructive',
    confirm: { kind: 'again' },
    api: null,
    operations: [],
    roles: anyRole,
  }),
  /** Checks and stores a new token; a refused token of the open workspace is accepted again. */
  'account.updateToken': command({
    scope: 'hub',
    input: z.object({ id: accountId, token: secret('token') }),
    output: returns<AccountSummary>(),
    priority: 'command',
    // The check calls the account whose token it is (live getContract, whose 403 means an
    // administrator; VOD listCountries), which may not be the open workspace's: none declared.
    category: 'workspaces',
    effect: 'change',
    api: null,
    operations: [],
    roles: anyRole,
  }),
  'app.notices': localState('read', {
    scope: 'platform',
    input: noInput,
    output: returns<Notice[]>(),
  }),
});

/** Events of accounts and workspaces. */
export const workspaceEvents = defineEvents({
  /** The budget of each API changed (at most a few times a second). */
  'budget.changed': event<BudgetSnapshot[]>(),
  /** The workspace changed, or its token state did (a 401 refused it, a new token resumed it). */
  'workspace.changed': event<WorkspaceState>(),
  /** A new notice for the operator. */
  'app.notice': event<Notice>(),
});
