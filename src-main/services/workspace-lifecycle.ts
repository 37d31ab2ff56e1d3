/**
 * The workspace lifecycle: which workspace is open (the sandbox, always open, or a live
 * account opened from the registry), its session, switching from one to another, and the
 * token state the renderer sees (DESIGN.md, "Workspaces"). A 401 refuses the workspace's
 * token for that API (workspace.ts pauses its calls); a new token stored for the open
 * workspace accepts it again and resumes them.
 */
import { PlatformError } from '../platform/errors';
import { say } from '../shared/i18n/say';
import type { Notify } from './notices';
import type { Clock } from '../platform/scheduler';
import type { WorkspaceState } from '../shared/model';
import type { AccountRegistry } from './accounts';
import type { Emit } from './events';
import { startSession, type Session } from './session';
import type { UploadTuning } from './uploads/upload-engine';
import { openLiveAccountWorkspace, type Workspace, type WorkspaceOptions } from './workspace';
import type { Settings } from './settings';

export interface WorkspaceLifecycleOptions {
  /** The app's data folder (the sessions' upload queues live there). */
  dataDir: string;
  /** The sandbox workspace, open for as long as the app runs. */
  sandbox: Workspace;
  registry: AccountRegistry;
  settings: Settings;
  clock: Clock;
  emit: Emit;
  notify: Notify;
  log: (message: string) => void;
  /** Pacing and network for account workspaces (tests); the platform's by default. */
  workspaceOptions?: WorkspaceOptions;
  uploadTuning?: Partial<UploadTuning>;
}

/** The open workspace and its session; replaced as a whole on a switch. */
export class WorkspaceLifecycle {
  #session!: Session;
  #offUnauthorized: () => void = () => undefined;

  /** Opens the workspace the settings name; the sandbox when that account is gone. */
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
        { id: 'sandbox', name: 'Sandbox', kind: 'sandbox' },
        ...this.options.registry
          .list()
          .filter((a) => a.kind === 'live')
          .map((a) => ({ id: a.id, name: a.name, kind: 'account' as const })),
      ],
      tokens,
      status: refused ? 'token-rejected' : 'ready',
      ...(refused
        ? say(refused === 'live' ? 'errors.patRefused' : 'errors.vodTokenRefused', {
            name: workspace.info.name,
          })
        : { message: null, text: null }),
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
   * A new token of account `id` was stored: when that account's workspace is open with a
   * refused token, the token is accepted again and its calls resume.
   */
  tokenReplaced(id: string): void {
    const workspace = this.#session.workspace;
    const tokens = workspace.tokens();
    if (workspace.info.id !== id || (tokens.live !== 'refused' && tokens.vod !== 'refused')) return;
    workspace.resume();
    this.options.log(`workspace ${id}: new token stored, calls resumed`);
    this.announce();
  }

  /** Closes the session and the open workspace (the sandbox included). */
  async dispose(): Promise<void> {
    this.#offUnauthorized();
    await this.#session.dispose();
    if (this.#session.workspace !== this.options.sandbox) await this.#session.workspace.dispose();
    await this.options.sandbox.dispose();
  }

  private activate(workspace: Workspace): void {
    const { options } = this;
    this.#offUnauthorized();
    this.#session = startSession(workspace, options.emit, options.clock, options.log, {
      dataDir: options.dataDir,
      notify: options.notify,
      ...(options.uploadTuning ? { tuning: options.uploadTuning } : {}),
    });
    this.#offUnauthorized = workspace.onUnauthorized(() => {
      options.log(`workspace ${workspace.info.id}: token refused, calls paused`);
      this.announce();
    });
  }

  private open(id: string): Workspace {
    if (id === 'sandbox') return this.options.sandbox;
    const account = this.options.registry.get(id);
    if (!account || account.kind !== 'live' || !account.serviceAccountKey) {
      throw new PlatformError({
        code: 'not-found',
        ...say('errors.workspaceGone'),
      });
    }
    const { registry, workspaceOptions, clock } = this.options;
    return openLiveAccountWorkspace(
      {
        id,
        name: account.name,
        baseUrl: account.baseUrl,
        serviceAccountKey: account.serviceAccountKey,
        token: () => registry.token(id),
      },
      { ...workspaceOptions, clock },
    );
  }
}
