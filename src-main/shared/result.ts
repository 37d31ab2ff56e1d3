/**
 * Results that cross the bridge. Errors are values at this boundary (the house habits: errors are values at boundaries): a platform
 * refusal reaches the operator with its status, the platform's own message and field errors.
 */
import type { MessageRef } from './i18n/message';

/** What went wrong, in a shape the renderer can show as it is. */
export interface DeskError {
  /**
   * `invalid-input`: the renderer sent something the contract refuses (validated in main).
   * `unauthorized` 401, `forbidden` 403, `not-found` 404, `conflict` 409/422 (an invalid state
   * transition), `rate-limited` 429, `platform` other 4xx/5xx, `network` no answer,
   * `keychain-unavailable` the OS keychain is missing or locked (tokens are kept nowhere else),
   * `api-missing` the workspace has no account of the API the command needs (nothing sent),
   * `confirmation-required` a destructive command came without its confirmation (nothing sent),
   * `unknown-command`, `internal` a bug in main (message kept generic, details in the log),
   * `crossed` another operator (way in, window or seat) just did the opposite on the same
   * target, or changed the program since it was read: asked before overriding, nothing sent
   * (services/core/crossing.ts); the same command with the confirmation `override` runs.
   */
  code:
    | 'invalid-input'
    | 'unauthorized'
    | 'forbidden'
    | 'not-found'
    | 'conflict'
    | 'rate-limited'
    | 'platform'
    | 'network'
    | 'keychain-unavailable'
    | 'api-missing'
    | 'confirmation-required'
    | 'crossed'
    | 'unknown-command'
    | 'internal';
  /** A sentence for the operator; for platform errors it carries the platform's message. */
  message: string;
  /** HTTP status of the platform's answer, when there was one. */
  status?: number;
  /** Field errors as the platform (or our validation) sent them: field -> messages. */
  fields?: Record<string, string[]>;
  /** Seconds until the platform accepts calls again (from `Retry-After`), for 429. */
  retryAfterS?: number;
  /**
   * The catalogue message of an error the app wrote (not the platform), which the renderer
   * shows in the operator's language; `message` keeps the English (logs, tests).
   */
  text?: MessageRef;
  /** Catalogue messages of our own field validation, parallel to `fields`. */
  fieldTexts?: Record<string, MessageRef[]>;
}

/** `{ ok: true, data }` or `{ ok: false, error }` (docs/architecture.md, "Processes and trust"). */
export type Result<T> = { ok: true; data: T } | { ok: false; error: DeskError };

/** Wraps a value as a successful result. */
export function ok<T>(data: T): Result<T> {
  return { ok: true, data };
}

/** Wraps an error as a failed result. */
export function fail<T = never>(error: DeskError): Result<T> {
  return { ok: false, error };
}
