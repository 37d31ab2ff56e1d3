/**
 * The workstation's own state for the status bar and Accounts (`workstation.state`, pushed as
 * `workstation.changed`): the keep-awake the desktop host reports (hosts/keep-awake.ts; the
 * browser host has none and it stays unsupported), and the stored tokens that expire within 7
 * days or a day, each threshold told once per run as a notice in the app and an OS
 * notification (docs/admin/workstation.md, "Tokens that expire").
 */
import type { Clock } from '../../platform/clock';
import { registerHandlers } from '../core/command-registry';
import { workstationCommands } from '../../shared/commands/workstation';
import { say } from '../../shared/i18n/say';
import type { MessageRef } from '../../shared/i18n/message';
import type { AccountSummary, WorkspaceChoice } from '../../shared/model';
import type { KeepAwakeState, TokenExpiry, WorkstationState } from '../../shared/workstation-model';
import type { Observation } from '../notifications/notice-policy';
import { expiringTokens, nextThresholdAt } from '../workspaces/token-expiry';
import type { Emit } from './events';
import type { Notify } from '../core/notify';

/** How often the tokens are read again at the latest (a clock that jumped, a resumed laptop). */
export const tokenCheckEveryMs = 60 * 60 * 1000;

export interface WorkstationOptions {
  emit: Emit;
  /** The stored accounts, with the expiry their check read (`access.expiresAt`). */
  accounts: () => readonly AccountSummary[];
  /** The workspaces to switch to (which accounts each uses). */
  workspaces: () => readonly WorkspaceChoice[];
  /** The core's clock (tests: a manual one). */
  clock: Clock;
  /** A notice in the app. */
  notify: Notify;
  /** The notice policy (OS notifications, under the `tokenExpiring` switch). */
  observe: (observation: Observation) => void;
}

/** The keep-awake of a host that has none (the browser host). */
const noKeepAwake: KeepAwakeState = { supported: false, on: false, reasons: [] };

/** Keeps the workstation's state and tells the token thresholds as they pass. */
export class Workstation {
  #keepAwake: KeepAwakeState = noKeepAwake;
  #tokens: TokenExpiry[] = [];
  /** `account:expiresAt:threshold` already told this run. */
  readonly #told = new Set<string>();
  #timer: unknown = null;
  #disposed = false;

  constructor(private readonly options: WorkstationOptions) {}

  /** What the status bar and Accounts show now. */
  state(): WorkstationState {
    return { keepAwake: this.#keepAwake, tokens: this.#tokens };
  }

  /** The host's keep-awake changed (hosts/keep-awake.ts). */
  setKeepAwake(state: KeepAwakeState): void {
    if (JSON.stringify(state) === JSON.stringify(this.#keepAwake)) return;
    this.#keepAwake = state;
    this.options.emit('workstation.changed', this.state());
  }

  /**
   * Reads the tokens' expiry now: tells each threshold newly passed (a notice and an OS
   * notification), pushes the state when it changed, and checks again at the next threshold
   * or within {@link tokenCheckEveryMs}. Called at start and whenever the accounts change.
   */
  checkTokens(): void {
    if (this.#disposed) return;
    const { clock } = this.options;
    const now = clock.now();
    const tokens = expiringTokens(this.options.accounts(), this.options.workspaces(), now);
    for (const token of tokens) {
      const key = `${token.accountId}:${token.expiresAt}:${token.threshold}`;
      if (this.#told.has(key)) continue;
      this.#told.add(key);
      const detail = tokenDetail(token);
      this.options.notify(token.threshold === 0 ? 'error' : 'warning', detail);
      this.options.observe({
        kind: 'tokenExpiring',
        at: now,
        threshold: token.threshold,
        body: detail.text,
      });
    }
    if (JSON.stringify(tokens) !== JSON.stringify(this.#tokens)) {
      this.#tokens = tokens;
      this.options.emit('workstation.changed', this.state());
    }
    if (this.#timer !== null) clock.clearTimeout(this.#timer);
    const next = nextThresholdAt(this.options.accounts(), now);
    const wait = Math.min(tokenCheckEveryMs, next === null ? Infinity : next - now);
    this.#timer = clock.setTimeout(() => {
      this.#timer = null;
      this.checkTokens();
    }, wait);
  }

  dispose(): void {
    this.#disposed = true;
    if (this.#timer !== null) this.options.clock.clearTimeout(this.#timer);
    this.#timer = null;
  }
}

/**
 * The sentence of one expiring token: account, API, when (UTC, labelled) and the workspaces it
 * breaks, as English text with its catalogue message.
 */
export function tokenDetail(token: TokenExpiry): { message: string; text: MessageRef } {
  const workspaces: MessageRef | string =
    token.workspaces.length > 0
      ? token.workspaces.join(', ')
      : { key: 'workstation.tokens.noWorkspace' };
  return say(
    token.threshold === 0 ? 'workstation.tokens.detailExpired' : 'workstation.tokens.detail',
    {
      account: token.accountName,
      api: { key: `workstation.tokens.api.${token.kind}` },
      when: utcMinute(Date.parse(token.expiresAt)),
      workspaces,
    },
  );
}

const utcFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'UTC',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2026-12-01 09:00`: a UTC minute the same in every language (the text labels it UTC). */
export function utcMinute(ms: number): string {
  return utcFormat.format(ms);
}

/** The workstation domain's handlers. */
export function workstationHandlers(workstation: Workstation) {
  return registerHandlers(workstationCommands, {
    'workstation.state': () => workstation.state(),
  });
}
