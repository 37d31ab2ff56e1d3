/**
 * The desktop app's update settings as main and the renderer share them (the rule that uses
 * them is hosts/update-policy.ts): the modes, the operator's settings, what the administrator's
 * policy file locks, and the settings in force.
 */
import { z } from 'zod';

/** The update modes, as VS Code's `update.mode`. */
export const updateModes = ['none', 'manual', 'start', 'default'] as const;
/** How the app looks for updates (see the module comment). */
export type UpdateMode = (typeof updateModes)[number];

/** The operator's own update settings (settings.json); null URL: no server configured. */
export interface UpdateSettings {
  mode: UpdateMode;
  /** The generic update server's base URL (https), or null. */
  url: string | null;
}

/** The defaults: mode `default`, no server, so updates are off until one is configured. */
export const defaultUpdateSettings: UpdateSettings = { mode: 'default', url: null };

/** Why a setting is locked, for Settings and the log (catalogue key under `settings.updates`). */
export type LockReason = 'policy' | 'policyUnreadable';

/** What the administrator's policy file says, once read. */
export interface UpdatePolicy {
  /** Where the policy file was read from. */
  path: string;
  /** The mode it locks, if any. */
  mode?: UpdateMode;
  /** The server URL it locks, if any. */
  url?: string;
  /** `policyUnreadable` when the file exists but is not a policy: the mode is then `none`. */
  reason: LockReason;
}

const updateServerMessage = 'Give the update server as an https:// address.';

/**
 * A server URL the updater may fetch from: https only (docs/security.md, "The packaged app").
 * What the updater fetches there is installed and run; over plain http anyone on the path could
 * answer in the server's place, on a hub too. Refused in the operator's words
 * (`validation.updateServer`, en and ko).
 */
export const updateServerUrl = z
  .string()
  .trim()
  .max(2000, updateServerMessage)
  .refine(isUpdateServerUrl, updateServerMessage);

/** Whether `value` is a URL {@link updateServerUrl} takes: an absolute https URL. */
export function isUpdateServerUrl(value: string): boolean {
  return URL.canParse(value) && new URL(value).protocol === 'https:';
}

/** The update settings in force: the operator's, with what the policy locks over them. */
export interface EffectiveUpdates extends UpdateSettings {
  /** Which settings the policy locks (Settings shows them locked, with `lockReason`). */
  locked: { mode: boolean; url: boolean };
  /** Why they are locked; null when nothing is. */
  lockReason: LockReason | null;
  /** Whether the app looks for updates at all: a server, and a mode other than `none`. */
  enabled: boolean;
}

/** The operator's `settings` under `policy` (null: no policy file). */
export function effectiveUpdates(
  settings: UpdateSettings,
  policy: UpdatePolicy | null,
): EffectiveUpdates {
  const mode = policy?.mode ?? settings.mode;
  const url = policy?.url ?? settings.url;
  const locked = { mode: policy?.mode !== undefined, url: policy?.url !== undefined };
  return {
    mode,
    url,
    locked,
    lockReason: locked.mode || locked.url ? (policy?.reason ?? null) : null,
    enabled: mode !== 'none' && url !== null,
  };
}

/** The controller's state, for Settings and tests. */
export type UpdateState =
  | { kind: 'off' }
  | { kind: 'idle'; checkedAt: number | null }
  | { kind: 'checking' }
  | { kind: 'available'; version: string }
  | { kind: 'downloading'; version: string }
  | { kind: 'downloaded'; version: string }
  | { kind: 'installing'; version: string };
