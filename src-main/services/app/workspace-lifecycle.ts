/**
 * The workspace lifecycle: which workspace is open (the sandbox, always open, or real
 * accounts: a live account, a VOD account, or a pair of the two, as workspace-pairs.ts
 * resolves them), its session, switching from one to another, and the token state the
 * renderer sees (docs/dev/architecture.md, "Workspaces"). A 401 refuses the workspace's token for that
 * API (workspace.ts pauses its calls); a new token stored for one of the open workspace's
 * accounts accepts it again and resumes them. When a pair is made or undone, or an account
 * removed, the open workspace follows its accounts (`follow`).
 */
import { PlatformError } from '../../platform/errors';
import { say } from '../../shared/i18n/say';
import type { Notify } from '../core/notify';
import type { Clock } from '../../platform/scheduler';
import type { WorkspaceInfo, WorkspaceState } from '../../shared/model';
import type { AccountRegistry } from '../workspaces/accounts';
import type { Emit } from './events';
import { startSession, type Session } from './session';
import type { Observation } from '../notifications/notice-policy';
import type { UploadTuning } from '../uploads/upload-tuning';
import {
  openAccountWorkspace,
  type Workspace,
  type WorkspaceOptions,
} from '../workspaces/workspace';
import { choiceOf, type WorkspacePairs, type WorkspaceTarget } from '../workspaces/workspace-pairs';
import type { Settings } from '../settings/settings';

export interface WorkspaceLifecycleOptions {
  /** The app's data folder (the sessions' upload queues live there). */
  dataDir: string;
  /** The sandbox workspace, open for as long as the app runs. */
  sandbox: Workspace;
  registry: AccountRegistry;
  /** Which live account works with which VOD account. */
  pairs: WorkspacePairs;
  settings: Settings;
  clock: Clock;
  emit: Emit;
  notify: Notify;
  log: (message: string) => void;
  /** Pacing and network for account workspaces (tests); the platform's by default. */
  workspaceOptions?: WorkspaceOptions;
  uploadTuning?: Partial<UploadTuning>;
  /** Told of each session's token refusals and budget state (the notice policy). */
  observe?: (observation: Observation) => void;
}

/** The open workspace and its session; replaced as a whole on a switch. */
export class WorkspaceLifecycle {
  #session!: Session;
  #offUnauthorized: () => void = () => undefined;

  /** Opens the workspace the settings name; the sandbox when that account is gone. */
  /** The sandbox workspace, open for as long as the app runs. */
  get sandbox(): Workspace {
    return this.options.sandbox;
  }

  constructor(private readonly options: WorkspaceLifecycleOptions) {
    try {
      this.activate(this.open(options.settings.activeWorkspace));
    } catch {
      this.activate(options.sandbox);
    }
  }

  /** The open workspace's session. */
  get session(): Session {
    return this.#session;
  }

  /** The open workspace, the ones to switch to, and its token state. */
  state(): WorkspaceState {
    const workspace = this.#session.workspace;
    const tokens = workspace.tokens();
    const refused = tokens.live === 'refused' ? 'live' : tokens.vod === 'refused' ? 'vod' : null;
    return {
      active: workspace.info,
      choices: [
        {
          id: 'sandbox',
          name: 'Sandbox',
          kind: 'sandbox',
          apis: { live: true, vod: true },
          accounts: { live: null, vod: null },
        },
        ...this.options.pairs.choices(),
      ],
      tokens,
      status: refused ? 'token-rejected' : 'ready',
      ...(refused
        ? say(refused === 'live' ? 'errors.patRefused' : 'errors.vodTokenRefused', {
            name: workspace.info.name,
          })
        : { message: null, text: null }),
      // The sandbox has no account: its own id names the token to renew.
      renewAccountId: refused ? (workspace.info.accounts[refused] ?? workspace.info.id) : null,
      role: workspace.info.apis.live ? workspace.role.get() : null,
    };
  }

  /** Tells the views the state changed (an account added or removed, a token refused). */
  announce(): void {
    this.options.emit('workspace.changed', this.state());
  }

  /**
   * Closes the open workspace's session and opens `id`'s, remembered for the next start.
   * @throws PlatformError `not-found` when no such workspace exists any more.
   */
  async switchTo(id: string): Promise<WorkspaceState> {
    const next = this.open(id);
    const previous = this.#session;
    await previous.dispose();
    if (previous.workspace !== this.options.sandbox) await previous.workspace.dispose();
    this.activate(next);
    await this.options.settings.rememberActiveWorkspace(id).catch((error: unknown) => {
      this.options.notify(
        'warning',
        say('errors.workspaceNotRemembered', { reason: (error as Error).message }),
      );
    });
    this.announce();
    return this.state();
  }

  /**
   * A new token of account `id` was stored: when that account is one of the open workspace's
   * and a token of it is refused, the tokens are accepted again and its calls resume.
   */
  tokenReplaced(id: string): void {
    const workspace = this.#session.workspace;
    const tokens = workspace.tokens();
    const { accounts } = workspace.info;
    // The sandbox workspace's own token (id `sandbox`) or one of the open accounts'.
    if (workspace.info.id !== id && accounts.live !== id && accounts.vod !== id) return;
    if (tokens.live !== 'refused' && tokens.vod !== 'refused') return;
    workspace.resume();
    this.options.log(`workspace ${workspace.info.id}: new token stored, calls resumed`);
    this.announce();
  }

  /**
   * After pairs or accounts changed: when the open workspace is no longer what it was (its
   * live account was just paired, its pair undone, one of its accounts is going), it is
   * replaced by the workspace its remaining account works in now (live first, then VOD), or
   * the sandbox; otherwise the views are only told of the new choices.
   * @param leaving an account about to be removed, which the next workspace must not use.
   */
  async follow(leaving?: string): Promise<void> {
    const info = this.#session.workspace.info;
    const target = info.kind === 'sandbox' ? null : this.options.pairs.resolve(info.id);
    if (info.kind === 'sandbox' || (target && sameAccounts(target, info) && !uses(info, leaving))) {
      this.announce();
      return;
    }
    const { registry, pairs } = this.options;
    const next = [info.accounts.live, info.accounts.vod]
      .filter((id): id is string => id !== null && id !== leaving && registry.get(id) !== undefined)
      .map((id) => pairs.workspaceOf(id))[0];
    await this.tellOfWaitingUploads(info, uses(info, leaving));
    await this.switchTo(next ?? 'sandbox');
  }

  /** Closes the session and the open workspace (the sandbox included). */
  async dispose(): Promise<void> {
    this.#offUnauthorized();
    await this.#session.dispose();
    if (this.#session.workspace !== this.options.sandbox) await this.#session.workspace.dispose();
    await this.options.sandbox.dispose();
  }

  /**
   * Each workspace keeps its own upload queue: files still under way in the one being left
   * wait in it until it is opened again (or stop for good when one of its accounts is being
   * removed), which the operator should know when a pair or a removal moved them off it.
   */
  private async tellOfWaitingUploads(info: WorkspaceInfo, gone: boolean): Promise<void> {
    const { byState } = (await this.#session.uploads()).list().summary;
    const waiting =
      byState.queued + byState.uploading + byState.retrying + byState.paused + byState.processing;
    if (waiting === 0) return;
    this.options.notify(
      gone ? 'warning' : 'info',
      say(gone ? 'errors.uploadsStopped' : 'errors.uploadsWait', {
        count: waiting,
        name: info.name,
      }),
    );
  }

  private activate(workspace: Workspace): void {
    const { options } = this;
    this.#offUnauthorized();
    this.#session = startSession(workspace, options.emit, options.clock, options.log, {
      dataDir: options.dataDir,
      notify: options.notify,
      ...(options.uploadTuning ? { tuning: options.uploadTuning } : {}),
      ...(options.observe ? { observe: options.observe } : {}),
    });
    this.#offUnauthorized = workspace.onUnauthorized(() => {
      options.log(`workspace ${workspace.info.id}: token refused, calls paused`);
      this.announce();
    });
  }

  private open(id: string): Workspace {
    if (id === 'sandbox') return this.options.sandbox;
    const target = this.options.pairs.resolve(id);
    if (!target) {
      throw new PlatformError({
        code: 'not-found',
        ...say('errors.workspaceGone'),
      });
    }
    const { registry, workspaceOptions, clock } = this.options;
    const live = target.kind === 'vod' ? null : target.live;
    const vod = target.kind === 'live' ? null : target.vod;
    return openAccountWorkspace(
      {
        id,
        name: choiceOf(target).name,
        ...(live?.serviceAccountKey
          ? {
              live: {
                accountId: live.id,
                baseUrl: live.baseUrl,
                serviceAccountKey: live.serviceAccountKey,
                token: () => registry.token(live.id),
                role: live.access.role,
              },
            }
          : {}),
        ...(vod
          ? {
              vod: { accountId: vod.id, baseUrl: vod.baseUrl, token: () => registry.token(vod.id) },
            }
          : {}),
      },
      { ...workspaceOptions, clock },
    );
  }
}

/** Whether a workspace target still stands for the accounts the open workspace works as. */
function sameAccounts(target: WorkspaceTarget, info: WorkspaceInfo): boolean {
  const accounts = choiceOf(target).accounts;
  return accounts.live === info.accounts.live && accounts.vod === info.accounts.vod;
}

function uses(info: WorkspaceInfo, accountId: string | undefined): boolean {
  return (
    accountId !== undefined && (info.accounts.live === accountId || info.accounts.vod === accountId)
  );
}
