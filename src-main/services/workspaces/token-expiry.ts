/**
 * Which stored tokens expire soon, read from the expiry each account's check stored
 * (`access.expiresAt`, from the token's claims: services/workspaces/accounts.ts), and which
 * workspaces each one breaks. Pure: the time is given (tests use a manual clock).
 */
import type { AccountSummary, WorkspaceChoice } from '../../shared/model';
import { tokenWarningDays, type TokenExpiry } from '../../shared/workstation-model';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The tokens of `accounts` that expire within {@link tokenWarningDays}[0] days of `now` (epoch
 * ms UTC) or have expired, soonest first, each with the threshold it passed (7: within 7 days;
 * 1: within 1 day; 0: expired) and the names of the `workspaces` that use its account. A token
 * whose claims say no expiry, or an unreadable one, is never listed.
 */
export function expiringTokens(
  accounts: readonly AccountSummary[],
  workspaces: readonly WorkspaceChoice[],
  now: number,
): TokenExpiry[] {
  const warnings: (TokenExpiry & { at: number })[] = [];
  for (const account of accounts) {
    const at = account.access.expiresAt === null ? NaN : Date.parse(account.access.expiresAt);
    if (!Number.isFinite(at)) continue;
    const threshold = thresholdOf(at - now);
    if (threshold === null) continue;
    warnings.push({
      at,
      accountId: account.id,
      accountName: account.name,
      kind: account.kind,
      expiresAt: new Date(at).toISOString(),
      threshold,
      workspaces: workspaces
        .filter((w) => w.accounts.live === account.id || w.accounts.vod === account.id)
        .map((w) => w.name),
    });
  }
  return warnings.sort((a, b) => a.at - b.at).map(({ at: _at, ...warning }) => warning);
}

/** The threshold `leftMs` before expiry has passed: 7, 1, 0 (expired), or null (none yet). */
export function thresholdOf(leftMs: number): TokenExpiry['threshold'] | null {
  if (leftMs <= 0) return 0;
  const [week, day] = tokenWarningDays;
  if (leftMs <= day * dayMs) return 1;
  if (leftMs <= week * dayMs) return 7;
  return null;
}

/**
 * When the next threshold of `accounts` is passed after `now`, epoch ms; null when no token
 * has one ahead. The desk checks again then (and at least hourly, for a clock that jumped).
 */
export function nextThresholdAt(accounts: readonly AccountSummary[], now: number): number | null {
  let next: number | null = null;
  for (const account of accounts) {
    const at = account.access.expiresAt === null ? NaN : Date.parse(account.access.expiresAt);
    if (!Number.isFinite(at)) continue;
    for (const due of [...tokenWarningDays.map((days) => at - days * dayMs), at])
      if (due > now && (next === null || due < next)) next = due;
  }
  return next;
}
