/**
 * How an unexpected error is written to the app's log: its stack, else its message. The
 * platform's own refusals are PlatformErrors and reach the operator as they answered;
 * this is for what went wrong in our code.
 */

/** An error's stack or message, for the log. */
export function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
