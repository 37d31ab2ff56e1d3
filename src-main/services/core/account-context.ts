/**
 * What a domain gets of the open workspace: its accounts' clients and request schedulers, the
 * live service account key, which APIs it has, the clock and the log. Narrower than the
 * session (app/session.ts): a domain reaches the platform only through this, so it never
 * depends on the app's wiring, and a test can give it one workspace's accounts without the
 * rest of the app. The session builds one per open workspace ({@link accountContextOf}), so
 * it can also key what a domain keeps for that workspace only (batch progress).
 */
import type { LiveClient } from '../../platform/live-client';
import type { Clock, RequestScheduler } from '../../platform/scheduler';
import type { VodClient } from '../../platform/vod-client';
import type { Role } from '../../shared/commands/define';
import type { WorkspaceInfo } from '../../shared/model';

export interface AccountContext {
  /** Which APIs the workspace has an account of (without one, a call is refused unsent). */
  readonly apis: WorkspaceInfo['apis'];
  /**
   * The live API v1 as the workspace's live account. Without one (`apis.live` false) every
   * call is refused at once with PlatformError `api-missing`.
   */
  readonly live: LiveClient;
  /** The VOD API v3 as the workspace's VOD account; null when it has none (live-only). */
  readonly vod: VodClient | null;
  /** The live account's request scheduler (its budget: 60 calls a minute, 1 s apart). */
  readonly liveScheduler: RequestScheduler;
  /** The VOD account's request scheduler. */
  readonly vodScheduler: RequestScheduler;
  /** The live account's service account key: the path parameter of most live operations. */
  readonly serviceAccountKey: string;
  /** The workstation's clock (epoch ms UTC): `fetchedAt` of what a call read. */
  readonly clock: Clock;
  /** The app's log (never given a secret: callers pass what `redact` left). */
  readonly log: (message: string) => void;
  /**
   * Takes the live token's role a read showed (the contract: answered, super administrator;
   * 403, administrator); null leaves what was known. The command pipeline refuses by it.
   */
  learnRole(role: Role | null): void;
}

/** The parts of an open workspace an {@link AccountContext} is read from. */
export interface AccountSource {
  info: WorkspaceInfo;
  live: LiveClient;
  vod: VodClient | null;
  liveScheduler: RequestScheduler;
  vodScheduler: RequestScheduler;
  role: { learn(role: Role | null): void };
}

/**
 * The account context of an open workspace. Its fields read the workspace each time, so a
 * workspace whose description changes while it is open (a renewed sandbox token) is seen
 * as it is now.
 */
export function accountContextOf(
  workspace: AccountSource,
  clock: Clock,
  log: (message: string) => void,
): AccountContext {
  return {
    get apis() {
      return workspace.info.apis;
    },
    get live() {
      return workspace.live;
    },
    get vod() {
      return workspace.vod;
    },
    get liveScheduler() {
      return workspace.liveScheduler;
    },
    get vodScheduler() {
      return workspace.vodScheduler;
    },
    get serviceAccountKey() {
      return workspace.info.serviceAccountKey;
    },
    clock,
    log,
    learnRole: (role) => workspace.role.learn(role),
  };
}
