/**
 * What the desk says of a change that was sent and got no answer (docs/dev/architecture.md,
 * "Activity"): not "the platform could not be reached", nor "nothing more was sent", since the
 * platform may have acted on it, but "unknown: re-read". The call accounting tells which
 * commands that is (`changeUnanswered`, platform/call-accounting.ts); a write that never left
 * (dropped while queued, a connection that never opened) keeps its own words.
 */
import { commandTextKeys } from '../../shared/command-texts';
import type { CommandName } from '../../shared/bridge';
import { say } from '../../shared/i18n/say';
import type { MessageKey } from '../../shared/i18n/message';
import type { DeskError } from '../../shared/result';

/**
 * `error` of `command`, whose change was sent and got no answer, in words that do not claim
 * what did not happen: a dropped connection (`network`) is `errors.outcomeUnknown`; a cancel
 * while the resend was on the wire (`errors.commandCancelled`, control-room/budget-waits.ts)
 * is `errors.cancelledAfterSending`. The code stays; any other error is answered as it is.
 */
export function unansweredError(error: DeskError, command: CommandName): DeskError {
  const title = { key: commandTextKeys(command).title as MessageKey };
  if (error.code === 'network')
    return { code: 'network', ...say('errors.outcomeUnknown', { command: title }) };
  if (error.text?.key === 'errors.commandCancelled')
    return { code: error.code, ...say('errors.cancelledAfterSending', { command: title }) };
  return error;
}

/**
 * As {@link unansweredError}, for one operation of a batch whose connection dropped after it
 * was sent: `errors.operationOutcomeUnknown`; any other error as it is.
 */
export function unansweredOperation(error: DeskError): DeskError {
  if (error.code !== 'network') return error;
  return { code: 'network', ...say('errors.operationOutcomeUnknown') };
}
