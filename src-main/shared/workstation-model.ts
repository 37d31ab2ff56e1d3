/**
 * What the workstation itself tells the operator in the status bar and in Accounts, beside the
 * platform's state (docs/admin/workstation.md): whether it keeps the computer awake for the
 * show, and which stored tokens expire soon.
 */

/** Why the desk keeps the computer from sleeping (any one is enough). */
export const keepAwakeReasons = ['onAir', 'recording', 'upload', 'download'] as const;

/** One reason to stay awake: a channel on air, a manual recording, an upload, a download. */
export type KeepAwakeReason = (typeof keepAwakeReasons)[number];

/** The keep-awake as the status bar shows it. */
export interface KeepAwakeState {
  /**
   * Whether this host can keep the computer awake: the desktop app can (Electron's
   * `powerSaveBlocker`); the browser host cannot, and says nothing.
   */
  supported: boolean;
  /** Whether the computer is kept from sleeping now. */
  on: boolean;
  /** What keeps it awake, in {@link keepAwakeReasons} order; empty when off. */
  reasons: KeepAwakeReason[];
}

/**
 * When the desk warns of a token's expiry, in whole days before it: 7 and 1 (docs/admin/
 * workstation.md, "Tokens that expire"); 0 once it has expired.
 */
export const tokenWarningDays = [7, 1] as const;

/** A stored token that expires within the first threshold, or has expired. */
export interface TokenExpiry {
  accountId: string;
  accountName: string;
  kind: 'live' | 'vod';
  /** When the token expires, ISO-8601 UTC (from its claims, as the account check read it). */
  expiresAt: string;
  /** The threshold passed: 7, 1, or 0 when it has expired. */
  threshold: 7 | 1 | 0;
  /** The workspaces that stop working when it expires (their names), in the menu's order. */
  workspaces: string[];
}

/** The workstation's own state (`workstation.state`, pushed as `workstation.changed`). */
export interface WorkstationState {
  keepAwake: KeepAwakeState;
  /** Tokens that expire within 7 days or have expired, soonest first. */
  tokens: TokenExpiry[];
}
