/**
 * What main knows of the live token's role, and the refusal of a super administrator's
 * operation before it is sent when the role is known to be administrator (issue 21, part 5).
 *
 * The role is read from the contract (`channels.access`, channels.ts `readAccess`: GET
 * contracts answered = super administrator, 403 = administrator) and noted here per open
 * workspace. Until it has been read, nothing is refused here: the platform decides (403).
 * Spec, Endpoints: POST/PUT/DELETE programs, GET media-contents/upload-url, POST
 * upload-wait-file and DELETE media-contents are super administrator (SA) only.
 *
 * Small on purpose: a role check the command pipeline can take over (DESIGN.md, "Commands,
 * and every way in": input → API → role → ...).
 */
import type { MessageKey } from '../shared/i18n/message';
import { say } from '../shared/i18n/say';
import { PlatformError } from '../platform/errors';
import type { Workspace } from './workspace';

/** A live token's role as the contract read tells it. */
export type LiveRole = 'super_admin' | 'admin';

/** Per open workspace; a workspace switch opens another Workspace, which starts unknown. */
const known = new WeakMap<Workspace, LiveRole>();

/**
 * Notes the role the platform just told for `workspace`'s live token (read again whenever
 * the contract is read: a renewed token replaces what was noted).
 */
export function noteRole(workspace: Workspace, role: LiveRole): void {
  known.set(workspace, role);
}

/** The role noted for `workspace`'s live token; null while it has not been read. */
export function knownRole(workspace: Workspace): LiveRole | null {
  return known.get(workspace) ?? null;
}

/**
 * Refuses, before any call, what only a super administrator may do when `workspace`'s token
 * is known to be an administrator's.
 * @param reason the catalogue message that says what was not done and why.
 * @throws PlatformError `forbidden` (no `status`: the platform was not asked) with `reason`.
 */
export function requireSuperAdmin(workspace: Workspace, reason: MessageKey): void {
  if (knownRole(workspace) !== 'admin') return;
  throw new PlatformError({ code: 'forbidden', ...say(reason) });
}
